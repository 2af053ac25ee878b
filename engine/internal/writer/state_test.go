package writer

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// state reads the index's fixture.IndexState through the storage layer.
func (h *harness) state() fixture.IndexState {
	h.t.Helper()
	ctx := context.Background()
	docIDs, err := pageread.DocIDsByPath(ctx, h.db)
	if err != nil {
		h.t.Fatal(err)
	}
	links, err := pageread.LinkTargets(ctx, h.db)
	if err != nil {
		h.t.Fatal(err)
	}
	s := fixture.NewIndexState(docIDs)
	for _, l := range links {
		s.AddLink(l.Source, l.Text, l.Line, l.Target, l.Ambiguous)
	}
	return s
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
