package engine

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestDanglingNodesAreWhereTheLinksPoint: a dangling Markdown link is a
// node for the file it names, its path from the docs folder, so links
// written differently to one missing file (./settings.md from reference/,
// ../settings.md from reference/policies/) meet at one node, and links
// written alike to two (settings.md from a/ and from b/) do not: the
// nodes were the targets as written, so the first made two nodes of one
// missing file and the second one node of two. A wiki-link names a page,
// not a path, and keeps its name.
func TestDanglingNodesAreWhereTheLinksPoint(t *testing.T) {
	e := searchProject(t, map[string]string{
		"reference/index.md":         "# Reference\n\nSee [settings](./settings.md#cache-dir).\n",
		"reference/policies/lock.md": "# Lock\n\nSee [settings](../settings.md) and [[Roadmap]].\n",
		"a/one.md":                   "# One\n\nSee [settings](./settings.md).\n",
		"b/two.md":                   "# Two\n\nSee [settings](settings.md).\n",
	}, "none")
	for _, opts := range []GraphOptions{{Dangling: true}, {Dangling: true, Limit: 10}} {
		g, err := e.GetGraph(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		var nodes []string
		for _, n := range g.Nodes {
			if n.Dangling {
				nodes = append(nodes, n.ID+" "+n.Title)
			}
		}
		slices.Sort(nodes)
		want := []string{
			"dangling:Roadmap Roadmap",
			"dangling:a/settings.md a/settings.md",
			"dangling:b/settings.md b/settings.md",
			"dangling:reference/settings.md reference/settings.md",
		}
		if !slices.Equal(nodes, want) {
			t.Errorf("%+v: dangling nodes\n%s\nwant\n%s", opts, strings.Join(nodes, "\n"), strings.Join(want, "\n"))
		}
		edges := edgeList(t, g)
		slices.Sort(edges)
		wantEdges := []string{
			"a/one.md -references-> dangling:a/settings.md",
			"b/two.md -references-> dangling:b/settings.md",
			"reference/index.md -references-> dangling:reference/settings.md",
			"reference/policies/lock.md -references-> dangling:Roadmap",
			"reference/policies/lock.md -references-> dangling:reference/settings.md",
		}
		if !slices.Equal(edges, wantEdges) {
			t.Errorf("%+v: edges\n%s\nwant\n%s", opts, strings.Join(edges, "\n"), strings.Join(wantEdges, "\n"))
		}
	}
}
