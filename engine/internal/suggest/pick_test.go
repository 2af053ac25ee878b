package suggest

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// Pick keeps one pair per unlinked document pair, the best, ordered by
// shown score and then by paths, named from the path first in order; at
// the limit, a pair of the same shown score as the last kept and a path
// first in order takes its place.
func TestPick(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, filepath.Join(t.TempDir(), "index.db"))
	for _, d := range []struct {
		id   int64
		path string
	}{{1, "b.md"}, {2, "a.md"}, {3, "c.md"}, {5, "d.md"}} {
		if _, err := db.Exec(`INSERT INTO documents(id, doc_id, filepath, title, doc_type, body, content_hash, file_size, file_mtime, indexed_at, updated_at)
			VALUES (?, ?, ?, 'T', 'design', '', 'h', 0, 0, '', '')`, d.id, d.path, d.path); err != nil {
			t.Fatal(err)
		}
	}
	docs := map[int64]int64{}
	for _, s := range []struct {
		id, doc int64
		heading string
		line    int
	}{{11, 1, "A1", 3}, {12, 1, "A2", 9}, {21, 2, "B1", 4}, {31, 3, "C1", 5}, {51, 5, "E1", 7}} {
		if _, err := db.Exec(`INSERT INTO sections(id, document_id, ord, heading, heading_path, anchor, level, content, start_line, end_line, tokens, content_hash)
			VALUES (?, ?, ?, ?, ?, ?, 2, 'c', ?, ?, 1, 'x')`, s.id, s.doc, s.id, s.heading, s.heading, s.heading, s.line, s.line); err != nil {
			t.Fatal(err)
		}
		docs[s.id] = s.doc
	}
	g := graph.New()
	g.AddEdge(3, 1, index.LinkReferences)
	pairs := []Pair{
		{A: 11, B: 21, Score: 0.8},
		{A: 12, B: 21, Score: 0.9},      // the best of documents 1 and 2
		{A: 11, B: 31, Score: 0.95},     // linked (3 → 1): never suggested
		{A: 21, B: 31, Score: 0.8},      //
		{A: 11, B: 51, Score: 0.900001}, // shown as 0.9: after a.md → b.md
		{A: 31, B: 41, Score: 0.99},     // section 41 is not compared
		{A: 11, B: 12, Score: 1},        // one document
	}
	tests := []struct {
		name  string
		limit int
		want  []string // source#heading → target#heading
	}{
		{"every suggestion", 10, []string{"a.md#B1 → b.md#A2", "b.md#A1 → d.md#E1", "a.md#B1 → c.md#C1"}},
		{"cut in a tie of shown scores", 1, []string{"a.md#B1 → b.md#A2"}},
		{"cut after the tie", 2, []string{"a.md#B1 → b.md#A2", "b.md#A1 → d.md#E1"}},
		{"nothing", 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Pick(ctx, db, append([]Pair(nil), pairs...), docs, g, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("Pick = %+v, want %v", got, tt.want)
			}
			for i, s := range got {
				if line := s.SourceFilepath + "#" + s.SourceHeading + " → " + s.TargetFilepath + "#" + s.TargetHeading; line != tt.want[i] {
					t.Errorf("suggestion %d = %s, want %s", i, line, tt.want[i])
				}
			}
		})
	}
}
