package index

import "strings"

// IsMarkdownExt reports whether a file extension (with its dot, any letter
// case) is one of a document: .md, .markdown, or .mdx (Markdown with JSX,
// as Docusaurus writes its pages; until 2026-11-27 skipped without a word).
func IsMarkdownExt(ext string) bool {
	switch strings.ToLower(ext) {
	case ".md", ".markdown", ".mdx":
		return true
	}
	return false
}
