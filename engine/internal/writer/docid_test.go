package writer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
)

func TestDocIDs(t *testing.T) {
	sum := sha256.Sum256([]byte("designs/db.md"))
	if got := baseDocID("designs/db.md"); got != hex.EncodeToString(sum[:])[:12] {
		t.Errorf("baseDocID = %s", got)
	}
	h := newHarness(t, t.TempDir())
	ctx := context.Background()
	base := baseDocID("x.md")
	want := []string{base, base + "-2", base + "-3"}
	for i, w := range want {
		t.Run(fmt.Sprint("allocation ", i), func(t *testing.T) {
			id, err := docIDFor(ctx, h.db, "x.md", 0)
			if err != nil {
				t.Fatal(err)
			}
			if id != w {
				t.Fatalf("allocation %d: %s, want %s", i, id, w)
			}
			if _, err := h.db.Exec(`INSERT INTO documents(doc_id, filepath, title, doc_type, body, content_hash,
				file_size, file_mtime, indexed_at, updated_at) VALUES(?, ?, '', 'other', '', '', 0, 0, '', '')`, id, id+".md"); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestDocIDKeptByItsHolder: a document that holds a suffixed id for its
// path keeps it; a document whose id belongs to another path gets its own.
func TestDocIDKeptByItsHolder(t *testing.T) {
	h := newHarness(t, t.TempDir())
	ctx := context.Background()
	base := baseDocID("x.md")
	for i, id := range []string{base, base + "-2", "0123456789ab"} {
		if _, err := h.db.Exec(`INSERT INTO documents(id, doc_id, filepath, title, doc_type, body, content_hash,
			file_size, file_mtime, indexed_at, updated_at) VALUES(?, ?, ?, '', 'other', '', '', 0, 0, '', '')`,
			i+1, id, id+".md"); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		self int64
		want string
	}{{1, base}, {2, base + "-2"}, {3, base + "-3"}} {
		t.Run(fmt.Sprint("document ", tc.self), func(t *testing.T) {
			got, err := docIDFor(ctx, h.db, "x.md", tc.self)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("document %d: doc_id %s, want %s", tc.self, got, tc.want)
			}
		})
	}
}
