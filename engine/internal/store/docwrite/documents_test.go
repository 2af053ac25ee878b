package docwrite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/graph"
)

// insertDocs adds a document per path (title and aliases empty) and
// returns their ids by path.
func insertDocs(t *testing.T, db *sql.DB, paths ...string) map[string]int64 {
	t.Helper()
	ids := map[string]int64{}
	for i, p := range paths {
		id, err := InsertDocument(context.Background(), db, DocumentRow{Path: p, DocType: "other", Frontmatter: "{}",
			Aliases: "[]", ContentHash: fmt.Sprint("h", i), FileSize: int64(i), FileMTime: int64(10 * i), DocID: fmt.Sprint("d", i)})
		if err != nil {
			t.Fatal(err)
		}
		ids[p] = id
	}
	return ids
}

// TestStoredDocumentsAt: a path selects the document at it and those under
// it as a folder, never a sibling that only shares its first bytes.
func TestStoredDocumentsAt(t *testing.T) {
	db := openIndex(t)
	ctx := context.Background()
	insertDocs(t, db, "a.md", "a/x.md", "a/b/y.md", "a0.md", "ab/z.md", "b.md")
	for _, tc := range []struct {
		at   string
		want []string
	}{{"a", []string{"a/b/y.md", "a/x.md"}}, {"a.md", []string{"a.md"}}, {"a/b", []string{"a/b/y.md"}}, {"c", nil}} {
		m, err := StoredDocumentsAt(ctx, db, tc.at)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for p, d := range m {
			if d.Path != p {
				t.Errorf("%s: document %s stored under %s", tc.at, d.Path, p)
			}
			got = append(got, p)
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("documents at %s: %v, want %v", tc.at, got, tc.want)
		}
	}
	all, err := StoredDocuments(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if d := all["a/x.md"]; len(all) != 6 || d == nil || d.Hash != "h1" || d.Size != 1 || d.MTime != 10 {
		t.Errorf("every document: %d, a/x.md %+v", len(all), d)
	}
}

// TestDocumentsNamedByAndSelectedLinks: documents (store.DocRefsNamedBy) are found by their
// keys or ids, links by their source, keys, and always those that may
// name any document.
func TestDocumentsNamedByAndSelectedLinks(t *testing.T) {
	db := openIndex(t)
	ctx := context.Background()
	ids := insertDocs(t, db, "x.md", "y.md", "z.md")
	if err := ReplaceDocumentKeys(ctx, db, graph.DocRef{ID: ids["x.md"], Path: "x.md"}, []string{"x", "ex", "x"}); err != nil {
		t.Fatal(err)
	}
	refs, err := store.DocRefsNamedBy(ctx, db, []string{"ex", "nothing"}, []int64{ids["z.md"]})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range refs {
		paths = append(paths, r.Path)
	}
	slices.Sort(paths)
	if !slices.Equal(paths, []string{"x.md", "z.md"}) {
		t.Errorf("documents named by ex or id of z: %v", paths)
	}
	link := func(from string, text string, nameKey sql.NullString, textKey string) {
		if err := InsertLink(ctx, db, LinkRow{SourceID: ids[from], TargetText: text, LinkType: "references",
			Kind: "wikilink", Line: 1, NameKey: nameKey, TextKey: textKey}); err != nil {
			t.Fatal(err)
		}
	}
	key := func(s string) sql.NullString { return sql.NullString{String: s, Valid: true} }
	link("x.md", "y", key("y"), "y")
	link("y.md", "z", key("z"), "z")
	link("y.md", "..", sql.NullString{}, "..")
	link("z.md", "q", key("q"), "alias q")
	texts := func(links []StoredLink) []string {
		var out []string
		for _, l := range links {
			out = append(out, l.From+">"+l.Text)
		}
		slices.Sort(out)
		return out
	}
	for _, tc := range []struct {
		sel  LinkSelection
		want []string
	}{
		{LinkSelection{}, []string{"y.md>.."}},
		{LinkSelection{Sources: []int64{ids["x.md"]}}, []string{"x.md>y", "y.md>.."}},
		{LinkSelection{NameKeys: []string{"z"}, TextKeys: []string{"alias q"}}, []string{"y.md>..", "y.md>z", "z.md>q"}},
	} {
		got, err := SelectedLinks(ctx, db, tc.sel)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(texts(got), tc.want) {
			t.Errorf("links selected by %+v: %v, want %v", tc.sel, texts(got), tc.want)
		}
	}
	all, err := AllLinks(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 4 {
		t.Errorf("%d links, want 4", len(all))
	}
}
