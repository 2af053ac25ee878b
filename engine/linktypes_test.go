package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/graphview"
	"github.com/ubp-dev/ubp/index"
)

// The links of searchDocs: search -depends_on-> graph, search -references->
// storage (and the dangling missing-page), graph -implements-> storage,
// adr/0001-sqlite -depends_on-> storage.

// relatedLines lists a context's neighbours as "path direction type depth
// [via]".
func relatedLines(res ContextResult) []string {
	var got []string
	for _, r := range res.Related {
		line := strings.Join([]string{r.Filepath, r.Direction, string(r.LinkType)}, " ") + " " + string(rune('0'+r.Depth))
		if r.Via != "" {
			line += " via " + r.Via
		}
		if r.Scope != "" {
			line += " (" + r.Scope + ")"
		}
		got = append(got, line)
	}
	return got
}

// TestGetContextLinkTypes: LinkTypes limits the walk to links of those
// types, followed both ways: pages reached only through other links are
// left out, and a page two ways away keeps the way of an allowed type.
func TestGetContextLinkTypes(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	lt := func(ts ...index.LinkType) []index.LinkType { return ts }
	cases := []struct {
		name string
		opts ContextOptions
		want []string
	}{
		{"outlink only", ContextOptions{Page: "designs/search.md", Depth: 3, LinkTypes: lt(index.LinkDependsOn)}, []string{
			"designs/graph.md outlink depends_on 1",
		}},
		{"two types, farther", ContextOptions{Page: "designs/search.md", Depth: 3, LinkTypes: lt(index.LinkImplements, index.LinkDependsOn)}, []string{
			"designs/graph.md outlink depends_on 1",
			"designs/storage.md outlink implements 2 via designs/graph.md",
			"adr/0001-sqlite.md backlink depends_on 3 via designs/storage.md",
		}},
		{"backlinks", ContextOptions{Page: "designs/storage.md", Depth: 1, LinkTypes: lt(index.LinkDependsOn)}, []string{
			"adr/0001-sqlite.md backlink depends_on 1",
		}},
		{"none of that type", ContextOptions{Page: "designs/storage.md", Depth: 3, LinkTypes: lt(index.LinkConflictsWith)}, nil},
		{"every type when empty", ContextOptions{Page: "designs/search.md", Depth: 1, LinkTypes: []index.LinkType{}}, []string{
			"designs/graph.md outlink depends_on 1",
			"designs/storage.md outlink references 1",
		}},
		{"section", ContextOptions{Page: "designs/search.md#Traversal", Depth: 2, LinkTypes: lt(index.LinkReferences)}, []string{
			"designs/storage.md outlink references 1 (section)",
		}},
		{"section, the page's other way", ContextOptions{Page: "designs/search.md#Traversal", Depth: 2, LinkTypes: lt(index.LinkImplements)}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := e.GetContext(context.Background(), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Center.Filepath == "" || res.Center.Content == "" {
				t.Errorf("no centre: %+v", res.Center)
			}
			if got := relatedLines(res); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("related:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestGetGraphLinkTypes: LinkTypes limits a centre's walk and every
// answer's edges (and dangling targets) to links of those types; the whole
// graph, paged or not, still has every document.
func TestGetGraphLinkTypes(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	lt := func(ts ...index.LinkType) []index.LinkType { return ts }
	cases := []struct {
		name      string
		opts      GraphOptions
		wantNodes string // "" for every document
		wantEdges []string
	}{
		{"centre, one type", GraphOptions{Center: "designs/graph.md", Depth: 1, LinkTypes: lt(index.LinkImplements)},
			"designs/graph.md designs/storage.md",
			[]string{"designs/graph.md -implements-> designs/storage.md"}},
		{"centre, both directions", GraphOptions{Center: "designs/storage.md", Depth: 1, LinkTypes: lt(index.LinkDependsOn, index.LinkReferences)},
			"designs/storage.md adr/0001-sqlite.md designs/search.md",
			[]string{"adr/0001-sqlite.md -depends_on-> designs/storage.md", "designs/search.md -references-> designs/storage.md"}},
		{"centre, deeper, among the kept", GraphOptions{Center: "designs/graph.md", Depth: 2, LinkTypes: lt(index.LinkDependsOn)},
			"designs/graph.md designs/search.md",
			[]string{"designs/search.md -depends_on-> designs/graph.md"}},
		{"centre alone", GraphOptions{Center: "designs/graph.md", Depth: 5, LinkTypes: lt(index.LinkConflictsWith), Dangling: true},
			"designs/graph.md", nil},
		{"centre, dangling of another type", GraphOptions{Center: "designs/search.md", Depth: 1, LinkTypes: lt(index.LinkDependsOn), Dangling: true},
			"designs/search.md designs/graph.md",
			[]string{"designs/search.md -depends_on-> designs/graph.md"}},
		{"centre, dangling of the type", GraphOptions{Center: "designs/search.md", Depth: 1, LinkTypes: lt(index.LinkReferences), Dangling: true},
			"designs/search.md designs/storage.md dangling:missing-page",
			[]string{"designs/search.md -references-> dangling:missing-page", "designs/search.md -references-> designs/storage.md"}},
		{"whole", GraphOptions{LinkTypes: lt(index.LinkDependsOn)}, "",
			[]string{"adr/0001-sqlite.md -depends_on-> designs/storage.md", "designs/search.md -depends_on-> designs/graph.md"}},
		{"whole, dangling of another type", GraphOptions{LinkTypes: lt(index.LinkImplements), Dangling: true}, "",
			[]string{"designs/graph.md -implements-> designs/storage.md"}},
		{"whole, dangling of the type", GraphOptions{LinkTypes: lt(index.LinkReferences), Dangling: true}, "",
			[]string{"designs/search.md -references-> dangling:missing-page", "designs/search.md -references-> designs/storage.md"}},
		{"page", GraphOptions{Limit: 3, LinkTypes: lt(index.LinkDependsOn, index.LinkImplements)},
			"adr/0001-sqlite.md designs/graph.md designs/search.md",
			[]string{"adr/0001-sqlite.md -depends_on-> designs/storage.md", "designs/graph.md -implements-> designs/storage.md", "designs/search.md -depends_on-> designs/graph.md"}},
		{"page, dangling of another type", GraphOptions{Limit: 3, LinkTypes: lt(index.LinkDependsOn), Dangling: true},
			"adr/0001-sqlite.md designs/graph.md designs/search.md",
			[]string{"adr/0001-sqlite.md -depends_on-> designs/storage.md", "designs/search.md -depends_on-> designs/graph.md"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, err := e.GetGraph(context.Background(), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			var nodes []string
			for _, n := range g.Nodes {
				if n.Dangling {
					nodes = append(nodes, n.ID)
				} else {
					nodes = append(nodes, n.Filepath)
				}
			}
			if docs := len(graphview.DocumentNodes(g)); tc.wantNodes == "" && docs != len(searchDocs) {
				t.Errorf("nodes %v, want every document", nodes)
			}
			if tc.wantNodes != "" && strings.Join(nodes, " ") != tc.wantNodes {
				t.Errorf("nodes %v, want %s", nodes, tc.wantNodes)
			}
			if got := edgeLines(g); strings.Join(got, "\n") != strings.Join(tc.wantEdges, "\n") {
				t.Errorf("edges:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.wantEdges, "\n"))
			}
		})
	}
}

// edgeLines lists a graph's edges as "source -type-> target" by file path
// (a dangling target by its id), sorted.
func edgeLines(g GraphResult) []string {
	var out []string
	for _, e := range g.Edges {
		to := e.TargetPath
		if to == "" {
			to = e.Target
		}
		out = append(out, e.SourcePath+" -"+string(e.Type)+"-> "+to)
	}
	slices.Sort(out)
	return out
}

// TestLinkTypesUnknown: an unknown link type is an argument error on
// link_types naming the valid ones, for every kind of answer.
func TestLinkTypesUnknown(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	ctx := context.Background()
	bad := []index.LinkType{index.LinkDependsOn, "likes"}
	check := func(name string, err error) {
		t.Helper()
		wantArgError(t, err, "link_types")
		if msg := err.Error(); !strings.Contains(msg, `"likes"`) || !strings.Contains(msg, "references, depends_on, implements, extends, conflicts_with") {
			t.Errorf("%s: %q does not name the type and the valid ones", name, msg)
		}
	}
	_, err := e.GetContext(ctx, ContextOptions{Page: "designs/search.md", LinkTypes: bad})
	check("context", err)
	_, err = e.GetContext(ctx, ContextOptions{Page: "no/such.md", LinkTypes: bad})
	check("context of an unknown page", err)
	for _, opts := range []GraphOptions{
		{Center: "designs/search.md", LinkTypes: bad},
		{LinkTypes: bad},
		{Limit: 2, LinkTypes: bad},
	} {
		_, err := e.GetGraph(ctx, opts)
		check("graph", err)
	}
}
