package docwarn

import (
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

// TestDecodeInLineOrder: stored warnings come back in the order of the
// file's lines, those of no line last, however they were stored: an index
// written before the writer sorted them lists a long paragraph's cut
// before a list item's split above it.
func TestDecodeInLineOrder(t *testing.T) {
	tests := []struct {
		name, stored string
		want         []int // lines
	}{
		{"none", `[]`, nil},
		{"empty", ``, nil},
		{"sorted", `[{"line":2,"message":"a"},{"line":9,"message":"b"}]`, []int{2, 9}},
		{"by kind", `[{"line":87384,"message":"cut"},{"line":20167,"message":"split"},{"message":"whole file"},{"line":4,"message":"ref"}]`, []int{4, 20167, 87384, 0}},
		{"same line kept in order", `[{"line":5,"message":"x"},{"line":3,"message":"y"},{"line":5,"message":"z"}]`, []int{3, 5, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws, err := Decode("a.md", tt.stored)
			if err != nil {
				t.Fatal(err)
			}
			var lines []int
			for _, w := range ws {
				lines = append(lines, w.Line)
				if w.File != "a.md" {
					t.Errorf("warning %+v names another file", w)
				}
			}
			if !slices.Equal(lines, tt.want) {
				t.Errorf("lines %v, want %v", lines, tt.want)
			}
			if tt.name == "same line kept in order" && (ws[1].Message != "x" || ws[2].Message != "z") {
				t.Errorf("warnings of one line reordered: %+v", ws)
			}
		})
	}
	// Encode then Decode gives the warnings back.
	in := []index.Warning{{File: "a.md", Line: 1, Message: "m"}, {File: "a.md", Message: "n"}}
	s, err := Encode(in)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := Decode("a.md", s); err != nil || !slices.Equal(out, in) {
		t.Errorf("round trip: %+v, %v; want %+v", out, err, in)
	}
}
