// Package docbodytest holds the documents whose bodies the stored skeleton
// (engine/internal/docbody) must give back byte for byte, shared by the
// tests of docbody alone and of the engine's get_page and get_context.
// Only _test.go files import it.
package docbodytest

// Case is one document: a name, its path under the docs folder, its source
// and whether docbody can store it as a skeleton (else it keeps the text).
type Case struct {
	Name, Path, Src string
	Skeleton        bool
}

// Cases are the documents, each with a trait a skeleton could lose.
var Cases = []Case{
	{"headings and blank lines", "a.md", "---\ntitle: A\n---\n\n\n# A\n\nIntro text that is long enough.\n\n\n## B\n\nMore text here.\n\n", true},
	{"no final newline", "b.md", "# B\n\nText without a final newline", true},
	{"no frontmatter, code fence", "c.md", "Lead paragraph.\n\n```go\n# not a heading\n```\n\n## Real\n\nbody\n", true},
	{"repeated section text", "d.md", "## X\n\nsame\n\n## X\n\nsame\n\n## X\n\nsame\n", true},
	{"trailing spaces and tabs", "e.md", "# T  \n\n\tindented code\n\n  \n## U\t\n\ntext \n", true},
	{"CRLF line endings", "f.md", "# F\r\n\r\nWindows text.\r\n\r\n## G\r\n\r\nMore.\r\n", false},
	{"NUL byte", "g.md", "# G\n\ntext \x00 with a NUL\n", false},
	{"Japanese", "h.md", "# 見出し\n\n本文です。\n\n## 次\n\nつづき。\n", true},
	{"frontmatter only", "i.md", "---\ntitle: I\n---\n", false},
}
