package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
)

// TestResolvePageAsALinkWritesIt: a page named the way a document's link
// writes it, copied from the page's content, is the page the link leads
// to: a Markdown link's target with its percent-escapes
// (./%E8%A8%AD%E8%A8%88.md, as editors write Japanese file names) and a
// wiki-link with its brackets, type or alias ([[設計方針|depends_on]]).
// Before, both were "page not found", the escaped path without a
// suggestion.
func TestResolvePageAsALinkWritesIt(t *testing.T) {
	e, _ := staleProject(t, map[string]string{
		"docs/設計/設計方針.md": "---\ntitle: 設計方針\n---\n\n# 設計方針\n\n## 概要\n\n本文。\n",
		"docs/100%.md":    "# Full\n",
	})
	mustIndex(t, e)
	ctx := context.Background()
	for _, c := range []struct{ ref, want string }{
		{"設計/%E8%A8%AD%E8%A8%88%E6%96%B9%E9%87%9D.md", "設計/設計方針.md"},
		{"./%E8%A8%AD%E8%A8%88%E6%96%B9%E9%87%9D.md", "設計/設計方針.md"},
		{"%E8%A8%AD%E8%A8%88%E6%96%B9%E9%87%9D", "設計/設計方針.md"},
		{"[[設計方針]]", "設計/設計方針.md"},
		{"[[設計方針|depends_on]]", "設計/設計方針.md"},
		{"[[設計方針|方針の文書]]", "設計/設計方針.md"},
		{"![[設計方針]]", "設計/設計方針.md"},
		{"100%.md", "100%.md"}, // a name with '%' as written
	} {
		if _, fp, err := e.ResolvePage(ctx, c.ref); err != nil || fp != c.want {
			t.Errorf("ResolvePage(%q) = %q, %v; want %s", c.ref, fp, err, c.want)
		}
		if p, err := e.GetPage(ctx, c.ref); err != nil || p.Filepath != c.want {
			t.Errorf("GetPage(%q) = %q, %v; want %s", c.ref, p.Filepath, err, c.want)
		}
	}
	// A link to a heading names the page and the heading.
	if p, err := e.GetPage(ctx, "[[設計方針#概要]]"); err != nil || p.Filepath != "設計/設計方針.md" {
		t.Errorf("GetPage([[設計方針#概要]]) = %q, %v", p.Filepath, err)
	}
	// What names no page is still not found.
	for _, ref := range []string{"[[無い頁]]", "%E7%84%A1%E3%81%84.md", "[[]]"} {
		var nf *answer.NotFoundError
		var arg *answer.ArgumentError
		if _, _, err := e.ResolvePage(ctx, ref); !errors.As(err, &nf) && !errors.As(err, &arg) {
			t.Errorf("ResolvePage(%q): %v, want not found", ref, err)
		}
	}
}
