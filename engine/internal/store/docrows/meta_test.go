package docrows

import (
	"context"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/indextest"
)

// ReadMeta reads the documents asked for (a missing id is absent), or
// every document when ids is nil, each row as stored.
func TestReadMeta(t *testing.T) {
	ctx := context.Background()
	db := indextest.Open(t, t.TempDir()).DB
	ids := map[string]int64{}
	for _, fp := range []string{"a.md", "b.md"} {
		res, err := db.Exec(`INSERT INTO documents(doc_id, filepath, title, doc_type, body, content_hash, file_size, file_mtime, indexed_at, updated_at)
			VALUES (?, ?, ?, 'design', '', 'h', 0, 0, '', '')`, "id-"+fp, fp, "Title "+fp)
		if err != nil {
			t.Fatal(err)
		}
		ids[fp], _ = res.LastInsertId()
	}
	read := func(ids []int64) map[int64]MetaRow {
		t.Helper()
		out := map[int64]MetaRow{}
		if err := ReadMeta(ctx, db, ids, func(r MetaRow) error { out[r.ID] = r; return nil }); err != nil {
			t.Fatal(err)
		}
		return out
	}
	some := read([]int64{ids["a.md"], 999})
	want := MetaRow{ID: ids["a.md"], DocID: "id-a.md", Filepath: "a.md", Title: "Title a.md", DocType: "design"}
	if len(some) != 1 || some[ids["a.md"]] != want {
		t.Errorf("ReadMeta(a.md, 999) = %+v, want only %+v", some, want)
	}
	if all := read(nil); len(all) != 2 || all[ids["b.md"]].Filepath != "b.md" {
		t.Errorf("ReadMeta(nil) = %+v, want both documents", all)
	}
	if none := read([]int64{}); len(none) != 0 {
		t.Errorf("ReadMeta(no ids) = %+v, want nothing", none)
	}
}
