package docmeta

import (
	"context"
	"database/sql"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/indextest"
	"github.com/ubp-dev/ubp/index"
)

// openIndex is a migrated, empty index with the documents given (path →
// title), returning the pool and each document's row id.
func openIndex(t *testing.T, docs map[string]string) (*sql.DB, map[string]int64) {
	t.Helper()
	db := indextest.Open(t, t.TempDir()).DB
	ids := map[string]int64{}
	for fp, title := range docs {
		res, err := db.Exec(`INSERT INTO documents(doc_id, filepath, title, doc_type, body, content_hash, file_size, file_mtime, indexed_at, updated_at)
			VALUES (?, ?, ?, 'design', '', 'h', 0, 0, '', '')`, fp, fp, title)
		if err != nil {
			t.Fatal(err)
		}
		ids[fp], _ = res.LastInsertId()
	}
	return db, ids
}

// The cache answers what the index holds at each generation: a changed
// title shows at once, a deleted document is nil, and All holds every
// document.
func TestCacheFollowsTheIndex(t *testing.T) {
	ctx := context.Background()
	db, ids := openIndex(t, map[string]string{"a.md": "Guide", "b.md": "Other"})
	var c Cache
	tests := []struct {
		name   string
		change string // a statement run before the step
		want   map[string]string
	}{
		{"first read", "", map[string]string{"a.md": "Guide", "b.md": "Other"}},
		{"from the cache", "", map[string]string{"a.md": "Guide", "b.md": "Other"}},
		{"a title changed", `UPDATE documents SET title = 'New' WHERE filepath = 'a.md'`, map[string]string{"a.md": "New", "b.md": "Other"}},
		{"a document deleted", `DELETE FROM documents WHERE filepath = 'b.md'`, map[string]string{"a.md": "New"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.change != "" {
				if _, err := db.Exec(tt.change); err != nil {
					t.Fatal(err)
				}
			}
			meta := map[int64]*Meta{}
			if err := c.Add(ctx, db, meta, []int64{ids["a.md"], ids["b.md"]}); err != nil {
				t.Fatal(err)
			}
			for _, fp := range []string{"a.md", "b.md"} {
				d, want := meta[ids[fp]], tt.want[fp]
				switch {
				case want == "" && d != nil:
					t.Errorf("%s: %+v, want nil (deleted)", fp, d)
				case want != "" && (d == nil || d.Title != want || d.Filepath != fp || d.DocType != index.DocDesign):
					t.Errorf("%s: %+v, want title %q", fp, d, want)
				}
			}
			all, err := c.All(ctx, db)
			if err != nil {
				t.Fatal(err)
			}
			if len(all) != len(tt.want) {
				t.Errorf("All holds %d documents, want %d", len(all), len(tt.want))
			}
		})
	}
}

// A title is kept normalised (NFKC) and lower-cased for matching.
func TestLoadLowerTitle(t *testing.T) {
	db, ids := openIndex(t, map[string]string{"a.md": "Ｓｅａｒｃｈ Guide"})
	meta, err := Load(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(meta[ids["a.md"]].LowerTitle()); got != "search guide" {
		t.Errorf("LowerTitle = %q, want %q", got, "search guide")
	}
}
