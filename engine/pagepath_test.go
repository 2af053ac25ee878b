package engine

import (
	"context"
	"testing"
)

// TestResolvePageFilepathBeforeRootPath: a page's filepath, as every
// answer names it, finds that page even when it starts with the docs
// folder's name: docs/guide.md in the docs folder docs is the file
// docs/docs/guide.md, not guide.md written from the project root (which
// is what the name means only when no page has it as its filepath).
func TestResolvePageFilepathBeforeRootPath(t *testing.T) {
	e, _ := staleProject(t, map[string]string{
		"docs/guide.md":      "# Top guide\n",
		"docs/docs/guide.md": "# Nested guide\n",
		"docs/only.md":       "# Only\n",
	})
	mustIndex(t, e)
	ctx := context.Background()
	for _, c := range []struct{ ref, want string }{
		{"docs/guide.md", "docs/guide.md"},
		{"./docs/guide.md", "docs/guide.md"},
		{"guide.md", "guide.md"},
		{"docs/docs/guide.md", "docs/guide.md"},
		{"docs/only.md", "only.md"}, // no page docs/only.md: from the project root
	} {
		if _, fp, err := e.ResolvePage(ctx, c.ref); err != nil || fp != c.want {
			t.Errorf("ResolvePage(%q) = %q, %v; want %s", c.ref, fp, err, c.want)
		}
		if p, err := e.GetPage(ctx, c.ref); err != nil || p.Filepath != c.want {
			t.Errorf("GetPage(%q) = %q, %v; want %s", c.ref, p.Filepath, err, c.want)
		}
	}
}
