package linkwalk

import (
	"database/sql"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/indextest"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// indexCorpus indexes a copy of one of the repository's corpora with the
// index writer, and returns the index's read pool.
func indexCorpus(t testing.TB, name string) *sql.DB {
	t.Helper()
	root := t.TempDir()
	fixture.MustCopyTree(t, fixture.MustCorpus(t, name), root, time.Time{})
	return indextest.Build(t, root).RDB
}
