package index

import (
	"strings"
	"testing"
)

// TestWarningsInLineOrder: the warnings of a file come in the order of
// its lines, whatever found them (the frontmatter's keys, doc_type, the
// cut of a long paragraph or table, the split of a long list item), and
// those of no line (the whole file: links past MaxDocLinks) after them.
// The cut of a paragraph came before the split of a list item above it,
// and an unknown doc_type after the frontmatter's other warnings.
func TestWarningsInLineOrder(t *testing.T) {
	para := func(prefix string) string { return strings.Repeat(prefix+"*a* b text\n", maxBlockBytes/12) }
	long := strings.Repeat("*a* b text\n", 3*maxBlockBytes/11)
	item := "- start\n" + para("  ") + "\n  ```\n" + strings.Repeat("  code line\n", maxBlockBytes/6) + "  ```\n"
	links := strings.Repeat("[x](x.md) ", MaxDocLinks+5) + "\n"
	fm := "---\ndoc_type: nonsense\nsource_refs:\n  - \"#Sym\"\n---\n"
	cases := []struct {
		name, src string
		want      []string // a word of each warning, in order
	}{
		{"list-item-then-paragraph", "# T\n\n" + item + "\n" + long + "\n## After\n", []string{"list item", "paragraph or table"}},
		{"paragraph-then-list-item", "# T\n\n" + long + "\n" + item + "\n## After\n", []string{"paragraph or table", "list item"}},
		{"doc-type-then-source-ref", fm + "# T\n", []string{"doc_type", "source_refs entry"}},
		{"frontmatter-body-then-file", fm + "# T\n\n" + item + "\n" + links, []string{"doc_type", "source_refs entry", "list item", "links after"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, warns := Parse("big.md", []byte(c.src))
			if len(warns) != len(c.want) {
				t.Fatalf("%d warnings, want %d (%q): %v", len(warns), len(c.want), c.want, warns)
			}
			for i, w := range warns {
				if !strings.Contains(w.Message, c.want[i]) {
					t.Errorf("warning %d (line %d): %q, want the one saying %q", i, w.Line, w.Message, c.want[i])
				}
				if i > 0 && w.Line > 0 && (warns[i-1].Line == 0 || warns[i-1].Line > w.Line) {
					t.Errorf("warning %d at line %d after one at line %d", i, w.Line, warns[i-1].Line)
				}
			}
		})
	}
}
