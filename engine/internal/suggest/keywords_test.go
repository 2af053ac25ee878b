package suggest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
)

// TestKeywordPairsHoldPostingsNotPairs: without vectors, link
// suggestions sum the keyword cosines one section at a time, holding the
// keywords' posting lists and the pairs that can be among the suggestions
// asked for, not every pair that shares a keyword: 1,500 sections of 30
// words from 1,000 share a keyword with most others, and the map of every
// such pair held tens of megabytes (at 10,000 generated documents, 7 GB).
func TestKeywordPairsHoldPostingsNotPairs(t *testing.T) {
	const sections, words, vocab = 1500, 30, 1000
	ctx := context.Background()
	db := storetest.Open(t, filepath.Join(t.TempDir(), "index.db"))
	r := rand.New(rand.NewPCG(3, 4))
	docs := map[int64]int64{}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	for d := range sections {
		res, err := tx.Exec(`INSERT INTO documents(doc_id, filepath, title, doc_type, body, content_hash, file_size, file_mtime, indexed_at, updated_at)
			VALUES (?, ?, 'T', 'design', '', 'h', 0, 0, '', '')`, fmt.Sprint("d", d), fmt.Sprintf("d%04d.md", d))
		if err != nil {
			t.Fatal(err)
		}
		doc, _ := res.LastInsertId()
		var text []string
		for range words {
			text = append(text, fmt.Sprintf("keyword%04d", r.IntN(vocab)))
		}
		res, err = tx.Exec(`INSERT INTO sections(document_id, ord, heading, heading_path, anchor, level, content, start_line, end_line, tokens, content_hash)
			VALUES (?, 0, 'h', 'h', 'h', 2, ?, 1, 1, 1, 'x')`, doc, strings.Join(text, " "))
		if err != nil {
			t.Fatal(err)
		}
		id, _ := res.LastInsertId()
		docs[id] = doc
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	probe := storetest.NewHeapProbe()
	pairs, err := Pairs(probe.Context(ctx), probe.Querier(db), docs, 0, false, Answer{Limit: 20})
	if err != nil {
		t.Fatal(err)
	}
	_ = probe.Context(ctx).Err() // a sample with the answer held
	runtime.KeepAlive(pairs)
	const bound = 8 << 20
	t.Logf("%d pairs kept; live heap grew by %d KB over %d samples", len(pairs), probe.Growth()>>10, probe.Samples())
	if len(pairs) == 0 || len(pairs) > 41 || probe.Growth() > bound {
		t.Errorf("keyword pairs: kept %d pairs and held %d KB for 20 suggestions over %d sections, want 1 to 41 pairs and at most %d KB",
			len(pairs), probe.Growth()>>10, sections, bound>>10)
	}
}

// TestPostingCap: a keyword counts when it is in at most a tenth of the
// sections (20 at least), and never when it is in more than 2,000.
func TestPostingCap(t *testing.T) {
	for _, tc := range []struct{ n, want int }{
		{0, 20}, {100, 20}, {200, 20}, {1000, 100}, {19999, 1999}, {20000, 2000}, {60000, 2000},
	} {
		if got := postingCap(tc.n); got != tc.want {
			t.Errorf("postingCap(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
}
