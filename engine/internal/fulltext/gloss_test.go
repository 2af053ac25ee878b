package fulltext

import (
	"reflect"
	"testing"

	"github.com/ubp-dev/ubp/engine/query"
)

func TestCapGlosses(t *testing.T) {
	// 実装 (group 0, common: IDF 0.2) with its gloss "installation" (rare:
	// 1.8); ファイル (group 1, absent as written: IDF 2.0) with "file" (1.5).
	q := query.Query{
		Groups: []string{"実装", "ファイル"},
		Terms: []query.Term{
			{Text: "実装", Kind: query.Word, Group: 0, Weight: 1},
			{Text: "install", Kind: query.Translation, Group: 0, Weight: 0.5},
			{Text: "ファイル", Kind: query.Word, Group: 1, Weight: 1},
			{Text: "file", Kind: query.Translation, Group: 1, Weight: 0.5},
		},
	}
	idf := []float64{0.2, 1.8, 2.0, 1.5}
	caps := glossCaps(q, idf)
	if want := []float64{0, 0.2, 0, 0}; !reflect.DeepEqual(caps.idf, want) {
		t.Fatalf("caps = %v, want %v", caps.idf, want)
	}
	tests := []struct {
		name        string
		score, want []float64
	}{
		{"gloss only: at most as the word", []float64{0, 0.9, 0, 0}, []float64{0, 0.1, 0, 0}},
		{"word and gloss: the gloss kept", []float64{0.3, 0.9, 0, 0}, []float64{0.3, 0.9, 0, 0}},
		{"rare concept's gloss kept", []float64{0, 0, 0, 0.6}, []float64{0, 0, 0, 0.6}},
		{"nothing matched", []float64{0, 0, 0, 0}, []float64{0, 0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := append([]float64(nil), tt.score...)
			caps.apply(q, got, idf)
			for i := range got {
				if d := got[i] - tt.want[i]; d > 1e-9 || d < -1e-9 {
					t.Fatalf("scores = %v, want %v", got, tt.want)
				}
			}
		})
	}
}
