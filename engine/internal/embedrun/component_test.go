package embedrun

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
	"github.com/ubp-dev/ubp/internal/scalecorpus"
)

// TestCommonComponentIsIncremental: on a large index one edit does not
// recompute the common component (that reads every vector); edits are
// counted, and once they reach 1% of the vectors it is recomputed.
func TestCommonComponentIsIncremental(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	c := scalecorpus.Generate(scalecorpus.Options{Docs: 400, Seed: 9})
	if err := c.Write(root); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, root)
	h.index()
	model := h.p.ModelID()
	meta := func(key string) int {
		t.Helper()
		v, _, err := store.GetMeta(ctx, h.db, key)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.Atoi(v)
		return n
	}
	component := func() []float32 {
		t.Helper()
		pc, err := vecstore.Component(ctx, h.db, model)
		if err != nil || pc == nil {
			t.Fatalf("component %v, %v", pc, err)
		}
		return pc
	}
	basis, err := vecstore.Count(ctx, h.db, model)
	if err != nil {
		t.Fatal(err)
	}
	if basis < componentLazyMin {
		t.Fatalf("only %d vectors; the test needs at least %d", basis, componentLazyMin)
	}
	if got := meta(metaComponentBasis); got != basis {
		t.Fatalf("component basis %d, want %d", got, basis)
	}
	first := component()

	// One edited file: new vectors, projected with the stored component.
	path := filepath.Join(root, "docs", filepath.FromSlash(c.Docs[0].Path))
	edit(t, path, c.Docs[0].Text+"\nThe scheduler also retries leases when the disk is full.\n")
	rep, err := h.run(ctx, path)
	if err != nil || rep.Embedded == 0 {
		t.Fatalf("IndexPaths: %+v, %v", rep, err)
	}
	if !slices.Equal(component(), first) {
		t.Error("one edit recomputed the common component")
	}
	if got := meta(metaComponentPending); got != rep.Embedded {
		t.Errorf("pending %d, want %d", got, rep.Embedded)
	}

	// New documents worth more than 1% of the vectors: recomputed.
	var b []byte
	for s := range 6 {
		b = fmt.Appendf(b, "\n## Part %d\n\nThe planner batches invoices %d times when traffic spikes.\n", s, s)
	}
	pending := meta(metaComponentPending)
	for i := 0; pending*componentDriftDiv < basis; i++ {
		writeFiles(t, root, map[string]string{fmt.Sprintf("docs/new/extra-%d.md", i): "# Extra\n" + string(b)})
		rep := h.index()
		if rep.Embedded == 0 {
			t.Fatal("new document embedded nothing")
		}
		pending += rep.Embedded
		if pending*componentDriftDiv < basis && meta(metaComponentPending) != pending {
			t.Fatalf("pending %d, want %d", meta(metaComponentPending), pending)
		}
	}
	if got := meta(metaComponentPending); got != 0 {
		t.Errorf("pending %d after the drift limit, want 0", got)
	}
	if got, err := vecstore.Count(ctx, h.db, model); err != nil || meta(metaComponentBasis) != got {
		t.Errorf("basis %d after recomputing, want %d (%v)", meta(metaComponentBasis), got, err)
	}
}

// TestEmbedPendingAfterForeignWrite: a run normally lists only the
// sections of the documents it wrote; when the sections changed since the
// last complete embedding by some other way (a run that stopped before
// embedding), it lists every section again, so nothing stays without its
// vector.
func TestEmbedPendingAfterForeignWrite(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"docs/a.md": "# A\n\nThe cache retries requests.\n",
		"docs/b.md": "# B\n\nThe scheduler orders jobs.\n",
	})
	h := newHarness(t, root)
	h.index()
	if n := h.count(`SELECT count(*) FROM meta WHERE key = ?`, metaEmbeddedGen); n != 1 {
		t.Fatal("no embedded generation recorded after a complete run")
	}
	// Another writer changes a section of a.md without embedding it.
	res, err := h.db.ExecContext(ctx, `UPDATE sections SET content = 'Leases never expire.', content_hash = 'changed'
		WHERE document_id = (SELECT id FROM documents WHERE filepath = 'a.md')`)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		t.Fatal(err)
	}
	// A run for b.md alone still embeds it.
	edit(t, filepath.Join(root, "docs", "b.md"), "# B\n\nThe scheduler orders jobs by deadline.\n")
	rep, err := h.run(ctx, filepath.Join(root, "docs", "b.md"))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Embedded != 2 {
		t.Errorf("embedded %d sections, want 2 (b.md's and the one changed behind the run's back)", rep.Embedded)
	}
	if pending, err := vecstore.Pending(ctx, h.db, h.p.ModelID()); err != nil || len(pending) != 0 {
		t.Errorf("still pending after the run: %v, %v", pending, err)
	}
	// The next edit is back to the documents it writes.
	edit(t, filepath.Join(root, "docs", "a.md"), "# A\n\nThe cache retries requests twice.\n")
	rep, err = h.run(ctx, filepath.Join(root, "docs", "a.md"))
	if err != nil || rep.Embedded == 0 {
		t.Errorf("edit of a.md: embedded %d, %v; want its sections", rep.Embedded, err)
	}
	if pending, err := vecstore.Pending(ctx, h.db, h.p.ModelID()); err != nil || len(pending) != 0 {
		t.Errorf("still pending after the edit: %v, %v", pending, err)
	}
}
