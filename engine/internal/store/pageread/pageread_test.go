package pageread_test

import (
	"context"
	"database/sql"
	"errors"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/indextest"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// build indexes a small folder: a links to b twice (once with a type),
// to itself and to two missing pages; b is a guide; c links to a.
func build(t *testing.T) (*indextest.Index, map[string]int64) {
	t.Helper()
	root := t.TempDir()
	fixture.WriteFiles(t, filepath.Join(root, "docs"), map[string]string{
		"a.md": "---\ntags: [x]\n---\n# Alpha\n\nSee [[b]] and [[b|depends_on]], [[a]], [[missing]].\n\n## More\n\nAgain [[missing]] and [[gone]].\n",
		"b.md": "---\ndoc_type: guide\naliases: [Bee]\n---\n# beta\n\nNo links.\n",
		"c.md": "# Gamma\n\nBack to [[a]].\n",
	})
	ix := indextest.Build(t, root)
	ids, err := pageread.DocIDsByPath(context.Background(), ix.DB)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]int64{}
	for p := range ids {
		id, fp, err := pageread.DocumentByPathOrDocID(context.Background(), ix.DB, p)
		if err != nil || fp != p {
			t.Fatalf("find %s: %d %q %v", p, id, fp, err)
		}
		rows[p] = id
	}
	return ix, rows
}

// The state a rebuild must reproduce: every document's doc_id and every
// link's target (dangling ones with an empty target).
func TestIndexState(t *testing.T) {
	ix, _ := build(t)
	ctx := context.Background()
	docIDs, err := pageread.DocIDsByPath(ctx, ix.DB)
	if err != nil {
		t.Fatal(err)
	}
	if len(docIDs) != 3 || docIDs["a.md"] == "" {
		t.Errorf("doc ids %v", docIDs)
	}
	links, err := pageread.LinkTargets(ctx, ix.DB)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range links {
		got = append(got, l.Source+" "+l.Text+" -> "+l.Target)
	}
	sort.Strings(got)
	want := []string{"a.md a -> a.md", "a.md b -> b.md", "a.md b -> b.md", "a.md gone -> ", "a.md missing -> ", "a.md missing -> ", "c.md a -> a.md"}
	if !slices.Equal(got, want) {
		t.Errorf("links\n%v\nwant\n%v", got, want)
	}
}

// Lookup: by path with or without .md, by doc_id; an unknown key is
// sql.ErrNoRows.
func TestLookup(t *testing.T) {
	ix, rows := build(t)
	ctx := context.Background()
	for _, key := range []string{"b", "b.md"} {
		id, fp, err := pageread.DocumentByPathOrDocID(ctx, ix.DB, key)
		if err != nil || id != rows["b.md"] || fp != "b.md" {
			t.Errorf("%q: %d %q %v", key, id, fp, err)
		}
	}
	if _, _, err := pageread.DocumentByPathOrDocID(ctx, ix.DB, "nope"); !errors.Is(err, sql.ErrNoRows) {
		t.Errorf("unknown key: %v, want sql.ErrNoRows", err)
	}
	lookup, err := pageread.LookupRows(ctx, ix.DB)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range lookup {
		paths = append(paths, r.Path)
		if r.Path == "b.md" && r.Aliases != `["bee"]` {
			t.Errorf("aliases of b.md stored as %q", r.Aliases)
		}
	}
	if !slices.Equal(paths, []string{"a.md", "b.md", "c.md"}) {
		t.Errorf("lookup rows in order %v, want file path order", paths)
	}
}

// Page lists: filtered by type, sorted by title ignoring case or by path
// in either direction, limit 0 meaning every page; link counts take
// outgoing links (dangling ones included) and links from other pages.
func TestPageSummaries(t *testing.T) {
	ix, _ := build(t)
	ctx := context.Background()
	list := func(docType string, o pageread.PageOrder, limit, offset int) []string {
		t.Helper()
		pages, err := pageread.PageSummaries(ctx, ix.RDB, docType, o, limit, offset, nil)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range pages {
			out = append(out, p.Filepath)
		}
		return out
	}
	if got := list("", pageread.PageOrder{Sort: "title"}, 0, 0); !slices.Equal(got, []string{"a.md", "b.md", "c.md"}) {
		t.Errorf("by title: %v", got)
	}
	if got := list("", pageread.PageOrder{Sort: "filepath", Desc: true}, 2, 0); !slices.Equal(got, []string{"c.md", "b.md"}) {
		t.Errorf("by path, descending, 2: %v", got)
	}
	if got := list("", pageread.PageOrder{Sort: "filepath"}, 2, 2); !slices.Equal(got, []string{"c.md"}) {
		t.Errorf("offset 2: %v", got)
	}
	if got := list(string(index.DocGuide), pageread.PageOrder{}, 0, 0); !slices.Equal(got, []string{"b.md"}) {
		t.Errorf("guides: %v", got)
	}
	n, err := pageread.CountPages(ctx, ix.RDB, "")
	if err != nil || n != 3 {
		t.Errorf("count %d %v", n, err)
	}
	pages, err := pageread.PageSummaries(ctx, ix.RDB, "", pageread.PageOrder{Sort: "filepath"}, 1, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if pages[0].LinkCount != 7 { // 6 links of a + 1 from c
		t.Errorf("link count of a.md %d, want 7", pages[0].LinkCount)
	}
}

// A page's rows: its sections, outlinks in line order with dangling
// ones, backlinks from other pages only.
func TestPageRows(t *testing.T) {
	ix, rows := build(t)
	ctx := context.Background()
	a := rows["a.md"]
	var p answer.Page
	if err := pageread.PageHeader(ctx, ix.RDB, a, &p); err != nil || p.Title != "Alpha" || p.Filepath != "a.md" {
		t.Fatalf("header %+v %v", p, err)
	}
	secs, err := pageread.PageSections(ctx, ix.RDB, a, nil)
	if err != nil || len(secs) == 0 {
		t.Fatalf("sections %+v %v", secs, err)
	}
	// a.md's frontmatter (tags) is its first section, which the body
	// does not hold.
	contents, err := pageread.SectionContents(ctx, ix.RDB, a)
	if err != nil || len(secs) < 2 || len(contents) != len(secs)-1 || contents[0] != secs[1].Content {
		t.Errorf("section contents %q %v, want those of %+v but the first", contents, err, secs)
	}
	out, err := pageread.Outlinks(ctx, ix.RDB, a)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 6 || out[0].Target != "b" || !out[0].Resolved || out[3].Resolved {
		t.Errorf("outlinks %+v", out)
	}
	back, err := pageread.Backlinks(ctx, ix.RDB, a)
	if err != nil || len(back) != 1 || back[0].Filepath != "c.md" {
		t.Errorf("backlinks %+v %v (the self link is not one)", back, err)
	}
	if _, err := pageread.Backlinks(ctx, ix.RDB, 0); err != nil {
		t.Error(err)
	}
	if err := pageread.PageHeader(ctx, ix.RDB, -1, &p); !errors.Is(err, sql.ErrNoRows) {
		t.Errorf("missing document: %v, want sql.ErrNoRows", err)
	}
}

// The graph reads: resolved links as edges, distinct dangling links, a
// page of documents in path order with the total, node rows with
// backlinks from other documents, and the status counts.
func TestGraphAndCounts(t *testing.T) {
	ix, rows := build(t)
	ctx := context.Background()
	g, err := pageread.LinkGraph(ctx, ix.RDB)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Nodes()) != 3 || len(g.Out(rows["a.md"])) != 3 { // b, b (depends_on), a
		t.Errorf("graph: %d nodes, out of a %v", len(g.Nodes()), g.Out(rows["a.md"]))
	}
	dangling, err := pageread.DanglingLinks(ctx, ix.RDB)
	if err != nil {
		t.Fatal(err)
	}
	if len(dangling) != 2 {
		t.Errorf("dangling %+v, want missing and gone once each", dangling)
	}
	total, ids, err := pageread.DocumentPage(ctx, ix.RDB, 2, 1)
	if err != nil || total != 3 || !slices.Equal(ids, []int64{rows["b.md"], rows["c.md"]}) {
		t.Errorf("page: %d %v %v", total, ids, err)
	}
	paths, err := pageread.DocumentPaths(ctx, ix.RDB, []int64{rows["c.md"], 999})
	if err != nil || len(paths) != 1 || paths[rows["c.md"]] != "c.md" {
		t.Errorf("paths %v %v", paths, err)
	}
	backlinks := map[string]int{}
	err = pageread.EachNodeRow(ctx, ix.RDB, func(r pageread.NodeRow) error {
		backlinks[r.DocID] = r.Backlinks
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	docIDs, _ := pageread.DocIDsByPath(ctx, ix.RDB)
	if backlinks[docIDs["a.md"]] != 1 || backlinks[docIDs["b.md"]] != 1 || backlinks[docIDs["c.md"]] != 0 {
		t.Errorf("backlinks %v", backlinks)
	}
	stop := errors.New("stop")
	if err := pageread.EachNodeRow(ctx, ix.RDB, func(pageread.NodeRow) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("fn's error: %v", err)
	}
	c, err := pageread.ReadCounts(ctx, ix.RDB)
	if err != nil {
		t.Fatal(err)
	}
	if c.Documents != 3 || c.Sections < 3 || c.Links != 7 || c.DanglingLinks != 3 || c.AmbiguousLinks != 0 {
		t.Errorf("counts %+v", c)
	}
	texts, err := pageread.SectionTexts(ctx, ix.RDB, []int64{999})
	if err != nil || len(texts) != 0 {
		t.Errorf("section texts of a missing section: %v %v", texts, err)
	}
	stats := 0
	if err := pageread.EachFileStat(ctx, ix.RDB, func(_ string, size, _ int64) {
		if size > 0 {
			stats++
		}
	}); err != nil || stats != 3 {
		t.Errorf("file stats: %d %v", stats, err)
	}
}

// EachFileStat gives every document's recorded path, size and mtime, as
// the rows hold them, for names with spaces, colons, digits and
// non-ASCII letters.
func TestEachFileStatMatchesRows(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/a b/1 2:3.md": "# One\n",
		"docs/ü/é 9.md":     "# Two\n\nmore text\n",
		"docs/plain.md":     "# Three\n",
	})
	ix := indextest.Build(t, root)
	type stat struct{ size, mtime int64 }
	want := map[string]stat{}
	rows, err := ix.RDB.Query(`SELECT filepath, file_size, file_mtime FROM documents`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var p string
		var s stat
		if err := rows.Scan(&p, &s.size, &s.mtime); err != nil {
			t.Fatal(err)
		}
		want[p] = s
	}
	rows.Close()
	got := map[string]stat{}
	if err := pageread.EachFileStat(ctx, ix.RDB, func(p string, size, mtime int64) { got[p] = stat{size, mtime} }); err != nil {
		t.Fatal(err)
	}
	if len(want) != 3 || !maps.Equal(got, want) {
		t.Errorf("EachFileStat = %v, want %v", got, want)
	}
}
