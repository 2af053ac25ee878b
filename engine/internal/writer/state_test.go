package writer

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// state reads the index's fixture.IndexState through the storage layer.
func (h *harness) state() fixture.IndexState {
	h.t.Helper()
	return storetest.IndexState(h.t, h.db)
}

// rebuiltState indexes a copy of docs from scratch.
func rebuiltState(t *testing.T, docs string) fixture.IndexState {
	t.Helper()
	root := t.TempDir()
	fixture.MustCopyTree(t, docs, filepath.Join(root, "docs"), time.Time{})
	h := newHarness(t, root)
	h.index(Options{})
	return h.state()
}
