package suggest

import (
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// Pick keeps one pair per unlinked document pair, the best, ordered by
// score and then by paths, named from the path first in order.
func TestPick(t *testing.T) {
	secs := map[int64]*sectionrows.Row{
		11: {ID: 11, Doc: 1, HeadingPath: "A1", StartLine: 3},
		12: {ID: 12, Doc: 1, HeadingPath: "A2", StartLine: 9},
		21: {ID: 21, Doc: 2, HeadingPath: "B1", StartLine: 4},
		31: {ID: 31, Doc: 3, HeadingPath: "C1", StartLine: 5},
		41: {ID: 41, Doc: 4, HeadingPath: "D1", StartLine: 6},
	}
	meta := map[int64]*docmeta.Meta{
		1: {ID: 1, Filepath: "b.md"}, 2: {ID: 2, Filepath: "a.md"}, 3: {ID: 3, Filepath: "c.md"},
	}
	g := graph.New()
	g.AddEdge(3, 1, index.LinkReferences)
	pairs := []Pair{
		{A: 11, B: 21, Score: 0.8},
		{A: 12, B: 21, Score: 0.9},  // the best of documents 1 and 2
		{A: 11, B: 31, Score: 0.95}, // linked (3 → 1): never suggested
		{A: 21, B: 31, Score: 0.8},
		{A: 31, B: 41, Score: 0.99}, // document 4 is gone
		{A: 11, B: 12, Score: 1},    // one document
	}
	tests := []struct {
		name  string
		limit int
		want  []string // source#heading → target#heading
	}{
		{"every suggestion", 10, []string{"a.md#B1 → b.md#A2", "a.md#B1 → c.md#C1"}},
		{"cut at the limit", 1, []string{"a.md#B1 → b.md#A2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Pick(pairs, secs, meta, g, tt.limit)
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
