package engine

import (
	"context"
	"strings"
	"testing"
)

// TestDanglingLinkToAFileSaysWhy: a wiki-link to a file that is no
// Markdown ([[notes.txt]], [[run.sh#main]]) names no page, as ubp indexes
// Markdown only; status and get-page say so beside the dangling link, where
// they said nothing that told it from a misspelt page name. A link to a
// missing page ([[gone]], [[v1.2]], a version, not a file's extension)
// gets no such word.
func TestDanglingLinkToAFileSaysWhy(t *testing.T) {
	e := searchProject(t, map[string]string{
		"c.md":      "# C\n\nSee [[notes.txt]], [[run.sh#main]], [[gone]] and [[v1.2]].\n",
		"notes.txt": "hello\n",
	}, "none")
	ctx := context.Background()
	s, err := e.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	page, err := e.GetPage(ctx, "c.md")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"notes.txt": ".txt", "run.sh": ".sh", "gone": "", "v1.2": ""}
	if len(s.DanglingList) != len(want) || len(page.Outlinks) != len(want) {
		t.Fatalf("status lists %+v, the page %+v; want %d dangling links", s.DanglingList, page.Outlinks, len(want))
	}
	check := func(where, target, why string) {
		t.Helper()
		ext, ok := want[target]
		switch {
		case !ok:
			t.Errorf("%s: unexpected dangling target %q", where, target)
		case ext == "" && why != "":
			t.Errorf("%s: %s says %q, want no reason (a page name)", where, target, why)
		case ext != "" && (!strings.Contains(why, "not an indexed page") || !strings.Contains(why, ext)):
			t.Errorf("%s: %s says %q, want why it is no page (not an indexed page, %s)", where, target, why, ext)
		}
	}
	for _, l := range s.DanglingList {
		check("status", l.Target, l.Why)
	}
	for _, l := range page.Outlinks {
		if l.Resolved {
			t.Errorf("outlink %+v resolved", l)
		}
		check("get-page", l.Target, l.DanglingWhy)
	}
}
