package docwrite

import (
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
)

// openIndex opens a new, migrated index in a temporary folder.
func openIndex(t testing.TB) *sql.DB {
	t.Helper()
	return storetest.Open(t, filepath.Join(t.TempDir(), "index.db"))
}
