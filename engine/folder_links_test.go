package engine

import (
	"context"
	"strings"
	"testing"
)

// TestFolderLinksResolve: links to a folder ([d](/docs/) from the project
// root, [s](sub/), [h](./), [u](../)) reach the folder's index page
// (README.md, index.md, Hugo's _index.md) in a real index; a folder without
// one is no link, neither an edge nor dangling.
func TestFolderLinksResolve(t *testing.T) {
	e := searchProject(t, map[string]string{
		"README.md":      "# Home\n\ntext\n",
		"guide.md":       "# Guide\n\n[home](/docs/) [sub](sub/) [here](./) [empty](empty/)\n",
		"sub/_index.md":  "# Sub\n\n[up](../) [this](./)\n",
		"sub/page.md":    "# Page\n\n[sub home](./) [root](/)\n",
		"empty/other.md": "# Other\n\n[none](./)\n",
	}, "none")
	g, err := e.GetGraph(context.Background(), GraphOptions{Dangling: true})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, n := range g.Nodes {
		names[n.ID] = n.Filepath
		if n.Dangling {
			t.Errorf("dangling node %+v", n)
		}
	}
	got := map[string]int{}
	for _, ed := range g.Edges {
		got[names[ed.Source]+" -> "+names[ed.Target]]++
	}
	want := map[string]int{
		"guide.md -> README.md":          1, // /docs/ and ./, one edge
		"guide.md -> sub/_index.md":      1,
		"sub/_index.md -> README.md":     1,
		"sub/_index.md -> sub/_index.md": 1,
		"sub/page.md -> sub/_index.md":   1,
		"sub/page.md -> README.md":       1,
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d edges, want %d; edges %v", k, got[k], n, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("edges %v, want %v", got, want)
	}
	page, err := e.GetPage(context.Background(), "guide.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range page.Outlinks {
		out = append(out, l.Target+" -> "+l.Filepath)
	}
	if want := []string{"/ -> README.md", "sub/ -> sub/_index.md", "./ -> README.md"}; strings.Join(out, ", ") != strings.Join(want, ", ") {
		t.Errorf("guide.md's outlinks %q, want %q (empty/ has no index page: no link)", out, want)
	}
}
