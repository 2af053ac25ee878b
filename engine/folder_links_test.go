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

// TestFolderLinksWithoutSlash: [h](.), [u](..) and a route [s](sub) to a
// folder reach its index page in a real index, a README in any letter
// case too (readme.md, Readme.md); a folder's page added later is found by
// an incremental run, which re-resolves the route through the folder's
// name (document_keys).
func TestFolderLinksWithoutSlash(t *testing.T) {
	root := t.TempDir()
	coreWriteFiles(t, root, map[string]string{
		"docs/index.md":        "# Home\n\ntext\n",
		"docs/guide.md":        "# Guide\n\n[s](sub) [m](mixed) [l](later) [h](.)\n",
		"docs/sub/index.md":    "# Sub\n\n[up](..)\n",
		"docs/sub/page.md":     "# Page\n\n[here](.) [up](../sub)\n",
		"docs/mixed/Readme.md": "# Mixed\n\n[here](./)\n",
		"docs/later/other.md":  "# Other\n\ntext\n",
	})
	e := coreProject(t, root, "docs")
	coreIndex(t, e, false)
	checkLinkMap(t, e, "first index", map[string]string{
		"guide.md|sub":       "sub/index.md",
		"guide.md|mixed":     "mixed/Readme.md",
		"guide.md|later":     "",
		"guide.md|.":         "index.md",
		"sub/index.md|..":    "index.md",
		"sub/page.md|.":      "sub/index.md",
		"sub/page.md|../sub": "sub/index.md",
		"mixed/Readme.md|./": "mixed/Readme.md",
	})
	coreWriteFiles(t, root, map[string]string{"docs/later/readme.md": "# Later\n\ntext\n"})
	coreIndex(t, e, false)
	checkLinkMap(t, e, "after adding later/readme.md", map[string]string{"guide.md|later": "later/readme.md"})
}
