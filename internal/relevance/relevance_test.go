package relevance

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestMeasure(t *testing.T) {
	rel := map[string]int{"a.md": 2, "b.md": 1}
	ideal := 3 + 1/math.Log2(3) // gains 2²−1 and 2¹−1 at ranks 1 and 2
	tests := []struct {
		name   string
		ranked []string
		want   Measures
	}{
		{"best first", []string{"a.md", "b.md", "c.md"}, Measures{MRR: 1, NDCG: 1, Recall: 1, Top3: 1}},
		{"relevant third", []string{"x.md", "y.md", "b.md"}, Measures{MRR: 1.0 / 3, NDCG: (1 / math.Log2(4)) / ideal, Recall: 0.5, Top3: 1}},
		{"relevant fourth", []string{"w.md", "x.md", "y.md", "a.md"}, Measures{MRR: 0.25, NDCG: (3 / math.Log2(5)) / ideal, Recall: 0.5}},
		{"past the depth", append(slices.Repeat([]string{"x.md"}, Depth), "a.md"), Measures{}},
		{"nothing", nil, Measures{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Measure(tc.ranked, rel)
			if math.Abs(got.MRR-tc.want.MRR) > 1e-12 || math.Abs(got.NDCG-tc.want.NDCG) > 1e-12 ||
				math.Abs(got.Recall-tc.want.Recall) > 1e-12 || got.Top3 != tc.want.Top3 {
				t.Errorf("Measure(%v) = %+v, want %+v", tc.ranked, got, tc.want)
			}
		})
	}
	if m := Mean([]Measures{{MRR: 1, Top3: 1}, {MRR: 0.5}}); m.MRR != 0.75 || m.Top3 != 1 {
		t.Errorf("Mean = %+v, want MRR 0.75 and top 3 counted (1)", m)
	}
}

func TestBaselineTokens(t *testing.T) {
	tests := []struct {
		tok  func(string) []string
		text string
		want []string
	}{
		// The baseline's suffix stripper, as bm25_baseline.py has it:
		// "-ments" goes whole.
		{TokensEn, "The Indexing of documents", []string{"index", "docu"}},
		{TokensEn, "running 2024 classes", []string{"run", "2024", "class"}},
		{TokensJa, "所有権のルール", []string{"所有", "有権", "権の", "のル", "ルー", "ール"}},
		{TokensJa, "Rc型 と 木", []string{"rc", "型", "と", "木"}},
	}
	for _, tc := range tests {
		if got := tc.tok(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("tokens of %q = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestLoadSet(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/a.md", "# A\n\nEnglish text.\n")
	write("queries.tsv", "id\tquery\nen-k01\tfirst\nen-p02\tsecond\nplain\tunjudged\n")
	write("qrels.tsv", "query_id\tdoc_path\trelevance\nen-k01\ta.md\t2\nen-p02\tb.md\t1\nen-p02\tc.md\t0\n")
	s, ok, err := LoadSet("s", dir, filepath.Join(dir, "docs"))
	if err != nil || !ok {
		t.Fatalf("LoadSet = %v, %v", ok, err)
	}
	if len(s.Queries) != 2 || s.Queries[0].Group != "en-k" || s.Queries[1].Rel["b.md"] != 1 || len(s.Queries[1].Rel) != 1 || s.Lang != "en" {
		t.Errorf("set = %+v: want two judged queries (grouped en-k and en-p, relevance 0 left out), language en", s)
	}
	write("qrels.tsv", "query_id\tdoc_path\trelevance\nen-k01\ta.md\tvery\n")
	if _, _, err := LoadSet("s", dir, filepath.Join(dir, "docs")); err == nil || !strings.Contains(err.Error(), "qrels.tsv:2") {
		t.Errorf("a bad relevance: err = %v, want one naming qrels.tsv:2", err)
	}
	if _, ok, err := LoadSet("none", t.TempDir(), dir); ok || err != nil {
		t.Errorf("a folder without queries.tsv: ok %v, err %v; want not a set, no error", ok, err)
	}
}
