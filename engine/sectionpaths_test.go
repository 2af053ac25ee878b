package engine

import (
	"context"
	"testing"
)

// TestSectionPaths: every section id maps to its document's path; an id
// not in the index is left out.
func TestSectionPaths(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	ctx := context.Background()
	rows, err := e.db.QueryContext(ctx, `SELECT s.id, d.filepath FROM sections s JOIN documents d ON d.id = s.document_id`)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]string{}
	var ids []int64
	for rows.Next() {
		var id int64
		var p string
		if err := rows.Scan(&id, &p); err != nil {
			t.Fatal(err)
		}
		want[id] = p
		ids = append(ids, id)
	}
	rows.Close()
	if len(ids) < 3 {
		t.Fatalf("%d sections: the test would prove little", len(ids))
	}
	got, err := e.SectionPaths(ctx, append(ids, 1<<40))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Errorf("%d paths, want %d (the unknown id left out)", len(got), len(want))
	}
	for id, p := range want {
		if got[id] != p {
			t.Errorf("section %d: %q, want %q", id, got[id], p)
		}
	}
}
