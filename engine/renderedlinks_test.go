package engine

import (
	"context"
	"maps"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// mdBook and Jekyll sources link to a page by its rendered name:
// [Enums](ch06-00-enums.html) for ch06-00-enums.md; VitePress and
// Docusaurus by its route: [A](/appendix/a), or its folder's:
// [Appendices](appendix/) for appendix/README.md. Such a link is a link to the
// document whose source it names, and a rendered name or route with no
// source in the docs (generated API pages, ../std/index.html, ../LICENSE)
// is no document link at all: not dangling, not counted, not shown.
func TestRenderedLinksResolveToTheirSource(t *testing.T) {
	root := t.TempDir()
	e := coreProject(t, root, "src")
	docs := filepath.Join(root, "src")
	coreWriteFiles(t, docs, map[string]string{
		"ch05.md": "# Structs\n\nSee [Enums](ch06-00-enums.html#defining) and [Vec](../std/vec/struct.Vec.html),\n" +
			"[later](ch07.htm) and [the book](https://doc.rust-lang.org/book/ch06-00-enums.html).\n" +
			"Routes: [appendix](/appendix/a#terms), [licence](../LICENSE), [guide](/guide/), [appendices](appendix/).\n",
		"appendix/a.md":      "# Appendix A\n",
		"appendix/README.md": "# Appendices\n",
		"ch06-00-enums.md":   "# Enums\n\nBack to [structs][s].\n\n[s]: ch05.html\n",
	})
	rep := coreIndex(t, e, false)
	if rep.Links != 4 || rep.Dangling != 0 {
		t.Errorf("index report: %d links, %d dangling; want 4 and 0", rep.Links, rep.Dangling)
	}
	links := coreLinkMap(t, e)
	if got := links["ch05.md|ch06-00-enums.html"]; got != "ch06-00-enums.md" {
		t.Errorf("ch06-00-enums.html resolved to %q, want ch06-00-enums.md", got)
	}
	if got := links["ch06-00-enums.md|ch05.html"]; got != "ch05.md" {
		t.Errorf("ch05.html resolved to %q, want ch05.md", got)
	}
	if got := links["ch05.md|/appendix/a"]; got != "appendix/a.md" {
		t.Errorf("the route /appendix/a resolved to %q, want appendix/a.md", got)
	}
	if got := links["ch05.md|appendix/"]; got != "appendix/README.md" {
		t.Errorf("the folder appendix/ resolved to %q, want appendix/README.md", got)
	}
	ctx := context.Background()
	st, err := e.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Links != 4 || st.DanglingLinks != 0 {
		t.Errorf("status: %d links, %d dangling; want 4 and 0", st.Links, st.DanglingLinks)
	}
	page, err := e.GetPage(ctx, "ch05.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range page.Outlinks {
		out = append(out, l.Target+"→"+l.Filepath)
	}
	if !slices.Equal(out, []string{"ch06-00-enums.html→ch06-00-enums.md", "/appendix/a→appendix/a.md", "appendix/→appendix/README.md"}) {
		t.Errorf("outlinks of ch05.md = %v, want only those to ch06-00-enums.md, appendix/a.md and appendix/README.md", out)
	}
	pages, err := e.ListPages(ctx, ListPagesOptions{Sort: "filepath"})
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, p := range pages.Pages {
		counts[p.Filepath] = p.LinkCount
	}
	if want := map[string]int{"appendix/README.md": 1, "appendix/a.md": 1, "ch05.md": 4, "ch06-00-enums.md": 2}; !maps.Equal(counts, want) {
		t.Errorf("link_count by page = %v, want %v", counts, want)
	}
	g, err := e.GetGraph(ctx, GraphOptions{Dangling: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Nodes) != 4 || len(g.Edges) != 4 {
		t.Errorf("graph with dangling targets: %d nodes, %d edges; want the 4 documents and their 4 links: %+v", len(g.Nodes), len(g.Edges), g)
	}

	// A rendered name whose source appears later resolves then.
	coreWriteFiles(t, docs, map[string]string{"ch07.md": "# Modules\n"})
	rep = coreIndex(t, e, false)
	if rep.Links != 5 || rep.Dangling != 0 {
		t.Errorf("after adding ch07.md: %d links, %d dangling; want 5 and 0", rep.Links, rep.Dangling)
	}
	// A folder's index page, added later, takes the link from its README.
	coreWriteFiles(t, docs, map[string]string{"appendix/index.md": "# Appendix index\n"})
	coreIndex(t, e, false)
	if got := coreLinkMap(t, e)["ch05.md|appendix/"]; got != "appendix/index.md" {
		t.Errorf("appendix/ resolved to %q after appendix/index.md appeared, want it", got)
	}
	if got := coreLinkMap(t, e)["ch05.md|ch07.htm"]; got != "ch07.md" {
		t.Errorf("ch07.htm resolved to %q after ch07.md appeared", got)
	}
}

// TestRenderedLinksMigrationReindexes: an index written before rendered
// names were links (schema 11) has none of them; opening it migrates and
// asks for a re-index, and the next indexing run finds them, although no
// file changed.
func TestRenderedLinksMigrationReindexes(t *testing.T) {
	root := t.TempDir()
	e := coreProject(t, root, "src")
	coreWriteFiles(t, filepath.Join(root, "src"), map[string]string{
		"a.md": "# A\n\nSee [B](b.html).\n",
		"b.md": "# B\n",
	})
	coreIndex(t, e, false)
	ctx := context.Background()
	// Back to schema 11, whose index never held the link.
	if _, err := e.db.ExecContext(ctx, `DELETE FROM links`); err != nil {
		t.Fatal(err)
	}
	for _, stmt := range undoAfter(t, 11) {
		if _, err := e.db.ExecContext(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	if err := store.SetMeta(ctx, e.db, store.MetaSchemaVersion, "11"); err != nil {
		t.Fatal(err)
	}
	p := e.Project()
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	e2 := coreOpen(t, p)
	f, err := e2.Freshness(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !f.NeedsReindex {
		t.Fatal("the migrated index does not ask for a re-index")
	}
	rep := coreIndex(t, e2, false)
	if rep.Links != 1 || rep.Dangling != 0 {
		t.Errorf("after the re-index: %d links, %d dangling; want 1 and 0", rep.Links, rep.Dangling)
	}
	if got := coreLinkMap(t, e2)["a.md|b.html"]; got != "b.md" {
		t.Errorf("b.html resolved to %q, want b.md", got)
	}
}
