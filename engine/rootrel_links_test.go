package engine

import (
	"context"
	"testing"
)

// TestRootRelativeLinksResolve: in a project whose docs folder is docs/, a
// Markdown link written from the project root ([g](/docs/guide.md), as
// GitHub reads it) resolves to the docs folder's guide.md instead of
// dangling; a site-root link (/guide.md) still resolves too.
func TestRootRelativeLinksResolve(t *testing.T) {
	e := searchProject(t, map[string]string{
		"index.md":     "# Index\n\n[g](/docs/guide.md) [s](/docs/sub/setup.md#run) [h](/guide.md)\n",
		"guide.md":     "# Guide\n\ntext\n",
		"sub/setup.md": "# Setup\n\n## Run\n\ntext\n",
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
	for _, want := range []string{"index.md -> guide.md", "index.md -> sub/setup.md"} {
		if got[want] == 0 {
			t.Errorf("no edge %s; edges %v", want, got)
		}
	}
}
