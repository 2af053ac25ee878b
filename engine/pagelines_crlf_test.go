package engine

import (
	"context"
	"testing"
)

// TestPageLinesWithCRLF: a file written with CRLF line ends and a
// frontmatter has its sections at their lines of the file. The body's first
// line was found by looking for a section's stored text in the page, which
// loses its CRs, so the search failed and every line was off by the
// frontmatter.
func TestPageLinesWithCRLF(t *testing.T) {
	root := t.TempDir()
	coreWriteFiles(t, root, map[string]string{
		"docs/a.md": "---\r\ntitle: T\r\n---\r\n# Top\r\n\r\n## Alpha\r\n\r\nsee [[b]]\r\n\r\n## Beta\r\n\r\nbeta text\r\n",
		"docs/b.md": "# B\n",
	})
	e := coreProject(t, root, "docs")
	coreIndex(t, e, false)
	p, err := e.GetPage(context.Background(), "a.md")
	if err != nil {
		t.Fatal(err)
	}
	if first, last := p.BodyLine(), p.LastLine(); first != 4 || last != 12 {
		t.Errorf("body lines %d-%d, want 4-12", first, last)
	}
	s, err := p.FindSection("Beta")
	if err != nil {
		t.Fatal(err)
	}
	if s.StartLine != 10 || s.EndLine != 12 {
		t.Errorf("Beta at %d-%d, want 10-12", s.StartLine, s.EndLine)
	}
	if len(p.Outlinks) != 1 || p.Outlinks[0].Line != 8 {
		t.Errorf("outlinks %+v, want b on line 8", p.Outlinks)
	}
}
