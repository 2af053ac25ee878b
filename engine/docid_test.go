package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

func TestDocIDs(t *testing.T) {
	sum := sha256.Sum256([]byte("designs/db.md"))
	if got := baseDocID("designs/db.md"); got != hex.EncodeToString(sum[:])[:12] {
		t.Errorf("baseDocID = %s", got)
	}
	e := coreProject(t, t.TempDir(), "docs")
	ctx := context.Background()
	base := baseDocID("x.md")
	want := []string{base, base + "-2", base + "-3"}
	for i, w := range want {
		id, err := newDocID(ctx, e.DB(), "x.md")
		if err != nil {
			t.Fatal(err)
		}
		if id != w {
			t.Fatalf("allocation %d: %s, want %s", i, id, w)
		}
		if _, err := e.DB().Exec(`INSERT INTO documents(doc_id, filepath, title, doc_type, body, content_hash,
			file_size, file_mtime, indexed_at, updated_at) VALUES(?, ?, '', 'other', '', '', 0, 0, '', '')`, id, id+".md"); err != nil {
			t.Fatal(err)
		}
	}
}
