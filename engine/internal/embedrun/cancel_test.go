package embedrun

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// cancelAfterBatch is the static provider, cancelling a context once it
// has embedded its first batch: an interrupt (Ctrl-C, a watcher stopping)
// arriving while vectors are being made.
type cancelAfterBatch struct {
	embed.Provider
	cancel context.CancelFunc
	calls  int
}

func (c *cancelAfterBatch) EmbedPassages(ctx context.Context, texts []string) ([][]float32, error) {
	v, err := c.Provider.EmbedPassages(ctx, texts)
	c.calls++
	if c.calls == 1 {
		c.cancel()
	}
	return v, err
}

// A run cancelled while embedding stops at a safe point: the batch whose
// vectors were made is stored (no SQL statement sees the cancelled
// context, so sqlite3_interrupt never fires inside sqlite-vec), no new
// batch starts, the run reports the cancellation, and the next run embeds
// the rest.
func TestEmbeddingCancelStopsAtSafePoint(t *testing.T) {
	root := t.TempDir()
	h := newHarness(t, root)
	files := map[string]string{}
	total := embedBatch + 44
	for i := range total {
		files[fmt.Sprintf("doc-%03d.md", i)] = fmt.Sprintf("# Document %d\n\nThe storage engine writes pages and reads records, part %d.\n", i, i)
	}
	writeFiles(t, filepath.Join(root, "docs"), files)
	static := h.p
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h.p = &cancelAfterBatch{Provider: static, cancel: cancel}

	rep, err := h.run(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: err %v, want context.Canceled", err)
	}
	n, err := vecstore.Count(context.Background(), h.db, static.ModelID())
	if err != nil {
		t.Fatal(err)
	}
	if n != embedBatch || rep.Embedded != embedBatch {
		t.Errorf("after the cancel: %d vectors stored, %d reported; want the first batch, %d", n, rep.Embedded, embedBatch)
	}

	h.p = static
	rep = h.index()
	if rep.Embedded != total-embedBatch {
		t.Errorf("next run embedded %d, want the remaining %d", rep.Embedded, total-embedBatch)
	}
}
