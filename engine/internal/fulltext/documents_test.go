package fulltext

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/docmeta"
)

// A term in more than maxTermRows sections is scored only on the sections
// the query's rarer terms matched, but its document frequency is still
// that of every match: in 1,101 documents, "pipeline" counts for almost
// nothing at document level, so the page writing the rare "zebra" three
// times outranks the page with "zebra" once and "pipeline" three times.
// (Counting only the candidates it was scored on, one document, gave the
// common word the IDF of a rare one.) The same holds for the weight of its
// concept in coverage.
func TestDocumentScoresKeepACommonTermsDocumentFrequency(t *testing.T) {
	files := map[string]string{
		"a.md": "# A\n\nzebra zebra zebra.\n",
		"b.md": "# B\n\nzebra pipeline pipeline pipeline.\n",
	}
	const filler = maxTermRows + 100
	for i := range filler {
		files[fmt.Sprintf("f/%04d.md", i)] = fmt.Sprintf("# F%d\n\nA pipeline of other things.\n", i)
	}
	ix := indexFiles(t, files)
	q, err := ParseQuery("zebra pipeline", "off")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ix.readTx(t, func(tx *sql.Tx) error {
		var mt Matcher
		m, err := mt.Match(ctx, tx, q)
		if err != nil {
			return err
		}
		if m.TermDF[1] != filler+1 {
			t.Fatalf("pipeline's section frequency = %d, want %d", m.TermDF[1], filler+1)
		}
		meta, err := docmeta.Load(ctx, tx, m.Docs())
		if err != nil {
			return err
		}
		byPath := map[string]*Doc{}
		for id, d := range m.Documents(meta) {
			byPath[meta[id].Filepath] = d
		}
		a, b := byPath["a.md"], byPath["b.md"]
		if a == nil || b == nil {
			t.Fatalf("documents = %v, want a.md and b.md", byPath)
		}
		if !(a.Score > b.Score) {
			t.Errorf("score of a.md (zebra ×3) = %.3f, of b.md (zebra, pipeline ×3) = %.3f: want a.md first", a.Score, b.Score)
		}
		if m.GroupDF[1] != filler+1 {
			t.Errorf("pipeline's concept frequency = %d, want %d", m.GroupDF[1], filler+1)
		}
		return nil
	})
}
