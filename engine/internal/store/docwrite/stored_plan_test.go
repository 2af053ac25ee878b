package docwrite

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
)

// TestStoredDocumentsReadAnIndexOnly: every indexing run starts by reading
// each document's path, hash, size and time; a scan of the table read
// the page bodies with them, where a covering index holds those columns.
func TestStoredDocumentsReadAnIndexOnly(t *testing.T) {
	db := storetest.Open(t, filepath.Join(t.TempDir(), "index.db"))
	plan := storetest.QueryPlan(t, db, storedDocuments)
	if len(plan) != 1 || !strings.Contains(plan[0], "USING COVERING INDEX") {
		t.Errorf("the stored documents are read by %q, want a scan of a covering index", plan)
	}
}
