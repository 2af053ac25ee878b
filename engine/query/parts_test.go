package query

import (
	"reflect"
	"testing"
)

func TestCompoundParts(t *testing.T) {
	tests := []struct {
		query string
		want  map[string][]string // compound → the groups it holds
	}{
		{"ms以内", map[string][]string{"ms以内": {"ms", "以内"}}},
		{"ファイルの変更", map[string][]string{"ファイル変更": {"ファイル", "変更"}}},
		{"Embeddingモデル", map[string][]string{"embeddingモデル": {"embedding", "モデル"}}},
		{"search ranking", map[string][]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			q := Parse(tt.query)
			got := map[string][]string{}
			for _, term := range q.Terms {
				if ps := q.Parts(term); ps != nil {
					for _, g := range ps {
						got[term.Text] = append(got[term.Text], q.Groups[g])
					}
				} else if term.Kind == Compound {
					got[term.Text] = nil
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("parts = %v, want %v", got, tt.want)
			}
		})
	}
}
