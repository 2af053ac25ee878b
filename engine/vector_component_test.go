package engine

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// TestComponentFollowsDeletions: the corpus' common component (removed
// from every vector) is recomputed when documents are deleted, as when
// they are added, so an index that lost documents answers with the same
// vectors as one built from the files that remain. A run that only
// deleted kept the component of the corpus before, and cosines, scores and
// suggest-links differed from a rebuild of the same files.
func TestComponentFollowsDeletions(t *testing.T) {
	topics := []string{
		"database storage query index table transaction",
		"network server client request response latency",
		"security password encryption certificate login user",
		"deployment container cluster release version rollback",
		"interface button screen layout color font",
	}
	base := map[string]string{}
	for i := range 20 {
		a, b := topics[i%len(topics)], topics[(i*3+1)%len(topics)]
		base[fmt.Sprintf("docs/base%02d.md", i)] = fmt.Sprintf("# Note %d\n\nThis note covers %s.\n\n## More\n\nIt also mentions %s.\n", i, a, b)
	}
	extra := map[string]string{}
	for i := range 30 {
		extra[fmt.Sprintf("docs/extra/cook%02d.md", i)] = fmt.Sprintf("# Recipe %d\n\nKitchen recipe: bread, oven, flour, sugar and butter, baked slowly.\n\n## Serving\n\nServe the cake warm with cream and fruit.\n", i)
	}
	ctx := context.Background()

	rootA := t.TempDir()
	coreWriteFiles(t, rootA, base)
	coreWriteFiles(t, rootA, extra)
	a := coreProject(t, rootA, "docs")
	coreIndex(t, a, false)
	if err := os.RemoveAll(filepath.Join(rootA, "docs", "extra")); err != nil {
		t.Fatal(err)
	}
	if rep := coreIndex(t, a, false); rep.Deleted != 30 {
		t.Fatalf("deleted %d, want 30", rep.Deleted)
	}

	rootB := t.TempDir()
	coreWriteFiles(t, rootB, base)
	b := coreProject(t, rootB, "docs")
	coreIndex(t, b, false)

	component := func(e *Engine) []float32 {
		st, ok, err := vecstore.ReadState(ctx, e.db)
		if err != nil || !ok {
			t.Fatalf("vector state: %v %v", ok, err)
		}
		pc, err := vecstore.Component(ctx, e.db, st.Model)
		if err != nil || pc == nil {
			t.Fatalf("component: %v %v", pc, err)
		}
		return pc
	}
	pa, pb := component(a), component(b)
	var dot float64
	for i := range pa {
		dot += float64(pa[i]) * float64(pb[i])
	}
	if math.Abs(dot) < 0.99999 {
		t.Errorf("|cos| between the component after deleting and a rebuild's = %.6f, want 1", math.Abs(dot))
	}
	ra, err := a.Search(ctx, SearchOptions{Query: "encryption certificate", Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	rb, err := b.Search(ctx, SearchOptions{Query: "encryption certificate", Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i := range min(len(ra.Results), len(rb.Results)) {
		ca, cb := ra.Results[i].ScoreBreakdown.Cosine, rb.Results[i].ScoreBreakdown.Cosine
		if ra.Results[i].Filepath != rb.Results[i].Filepath || math.Abs(ca-cb) > 1e-4 {
			t.Errorf("hit %d: %s cosine %.5f after deleting, %s %.5f in a rebuild", i, ra.Results[i].Filepath, ca, rb.Results[i].Filepath, cb)
		}
	}
}
