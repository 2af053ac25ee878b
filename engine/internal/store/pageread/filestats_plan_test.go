package pageread

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
)

// TestFileStatsReadAnIndexOnly: the freshness check every read command
// runs first reads each document's path, size and time; with the rows
// holding the page bodies, a scan of the table read every page of the
// documents (975 pages at 10,000 documents) where a covering index holds
// the three columns in a few dozen.
func TestFileStatsReadAnIndexOnly(t *testing.T) {
	db := storetest.Open(t, filepath.Join(t.TempDir(), "index.db"))
	plan := storetest.QueryPlan(t, db, fileStats)
	if len(plan) != 1 || !strings.Contains(plan[0], "USING COVERING INDEX") {
		t.Errorf("the file stats are read by %q, want a scan of a covering index", plan)
	}
}
