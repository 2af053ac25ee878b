package engine

import (
	"context"
	"testing"
)

// TestStatusCountsBrokenAnchors: status counts and lists the links that
// name a heading their page lacks ([[a#No Such Heading]], [x](a.md#nope)),
// which get-page marks heading_missing, beside the dangling links: they
// were counted nowhere but on the linking page. A heading the page has,
// as an indexed section or deeper (#### Deep), is no broken anchor.
func TestStatusCountsBrokenAnchors(t *testing.T) {
	e := searchProject(t, map[string]string{
		"a.md": "# A\n\n## Setup\n\nx\n\n#### Deep\n\ny\n",
		"c.md": "# C\n\nSee [[a#No Such Heading]], [x](a.md#nope), [[a#Setup]], [[a#Deep]] and [[gone#x]].\n\nAlso [[c#Missing Here]].\n",
	}, "none")
	s, err := e.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []BrokenAnchor{
		{Filepath: "c.md", Line: 3, Target: "a.md", Heading: "No Such Heading"},
		{Filepath: "c.md", Line: 3, Target: "a.md", Heading: "nope"},
		{Filepath: "c.md", Line: 5, Target: "c.md", Heading: "Missing Here"},
	}
	if s.BrokenAnchors != len(want) || len(s.BrokenAnchorList) != len(want) {
		t.Fatalf("broken anchors %d, listed %+v; want %d: %+v", s.BrokenAnchors, s.BrokenAnchorList, len(want), want)
	}
	for i, w := range want {
		if s.BrokenAnchorList[i] != w {
			t.Errorf("broken anchor %d = %+v, want %+v", i, s.BrokenAnchorList[i], w)
		}
	}
	if s.DanglingLinks != 1 {
		t.Errorf("dangling %d, want 1 ([[gone#x]])", s.DanglingLinks)
	}
}
