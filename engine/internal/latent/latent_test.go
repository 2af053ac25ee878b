package latent

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestTokens(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"The Staleness of documents", []string{"stale", "document"}},
		{"ＬＲＵ cache", []string{"lru", "cache"}},
		{"古い文書", []string{"古い", "い文", "文書"}},
		{"新API", []string{"新", "api"}},
		{"メモリ、解放", []string{"メモ", "モリ", "解放"}},
		{"x86_64 ERR42", []string{"x86", "64", "err42"}},
		{"— ... !!", nil},
		{"Café naïve GRÖSSE", []string{"café", "naïve", "grösse"}},
		{"данные поиска", []string{"данные", "поиска"}},
		{"검색 엔진", []string{"검색", "엔진"}},
		{"हिन्दी भाषा", []string{"हिन्दी", "भाषा"}},
		{"مُدَرِّس", []string{"مُدَرِّس"}},
	} {
		if got := Tokens(c.in); !slices.Equal(got, c.want) {
			t.Errorf("Tokens(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// lowRank is a rows × cols matrix of the given rank, as sparse rows.
func lowRank(rng *rand.Rand, rows, cols, rank int) ([]refRow, [][]float64) {
	u := make([][]float64, rows)
	for i := range u {
		u[i] = make([]float64, rank)
		for k := range u[i] {
			u[i][k] = rng.NormFloat64()
		}
	}
	v := make([][]float64, rank)
	for k := range v {
		v[k] = make([]float64, cols)
		for j := range v[k] {
			v[k][j] = rng.NormFloat64()
		}
	}
	full := make([][]float64, rows)
	sp := make([]refRow, rows)
	for i := range full {
		full[i] = make([]float64, cols)
		for j := range cols {
			for k := range rank {
				full[i][j] += u[i][k] * v[k][j]
			}
			sp[i].idx = append(sp[i].idx, int32(j))
			sp[i].val = append(sp[i].val, full[i][j])
		}
	}
	return sp, full
}

// TestTruncatedSVDSpansTheRows: for a matrix of rank 3, the first three
// right singular vectors are orthonormal and every row lies in their span.
func TestTruncatedSVDSpansTheRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	sp, full := lowRank(rng, 40, 25, 3)
	v := truncatedSVD(sparseOf(sp, 25), 3)
	for a := range 3 {
		for b := range 3 {
			var dot float64
			for j := range 25 {
				dot += v.at(j, a) * v.at(j, b)
			}
			want := 0.0
			if a == b {
				want = 1
			}
			if math.Abs(dot-want) > 1e-8 {
				t.Fatalf("vᵀv[%d][%d] = %g, want %g", a, b, dot, want)
			}
		}
	}
	for i, row := range full {
		// projection of the row on the span of v
		proj := make([]float64, 25)
		for k := range 3 {
			var c float64
			for j := range 25 {
				c += row[j] * v.at(j, k)
			}
			for j := range 25 {
				proj[j] += c * v.at(j, k)
			}
		}
		for j := range 25 {
			if math.Abs(proj[j]-row[j]) > 1e-6*(1+math.Abs(row[j])) {
				t.Fatalf("row %d column %d: projection %g, row %g", i, j, proj[j], row[j])
			}
		}
	}
}

func TestJacobiEigen(t *testing.T) {
	s := &dense{r: 3, c: 3, v: []float64{4, 1, 2, 1, 3, 0, 2, 0, 5}}
	vals, vecs := jacobiEigen(s)
	for e := range 3 {
		for i := range 3 {
			var av float64
			for j := range 3 {
				av += s.at(i, j) * vecs.at(j, e)
			}
			if math.Abs(av-vals[e]*vecs.at(i, e)) > 1e-9 {
				t.Fatalf("eigenpair %d: (A·v)[%d] = %g, λ·v = %g", e, i, av, vals[e]*vecs.at(i, e))
			}
		}
	}
	sum := vals[0] + vals[1] + vals[2]
	if math.Abs(sum-12) > 1e-9 {
		t.Fatalf("eigenvalues sum to %g, want the trace 12", sum)
	}
}

// topicSections are n sections on each of two topics, each section
// holding three words of its topic's pool (so most pairs of a topic's
// words meet in some section, but no section holds every word).
func topicSections(n int) [][]string {
	pools := [][]string{
		{"engine", "wheel", "brake", "gearbox", "driver", "road", "tyre", "clutch"},
		{"apple", "orchard", "harvest", "pear", "blossom", "grafting", "cider", "pruning"},
	}
	var out [][]string
	for i := range n {
		for _, p := range pools {
			out = append(out, []string{p[i%len(p)], p[(i+1)%len(p)], p[(i+3)%len(p)]})
		}
	}
	return out
}

// TestFoldMeetsWordsSharedByNoText: a query word lands near the sections
// of its topic that do not contain it, and far from the other topic's.
func TestFoldMeetsWordsSharedByNoText(t *testing.T) {
	secs := topicSections(30)
	m := Train(secs)
	if m.Rank != RankFor(len(secs)) {
		t.Fatalf("rank %d, want %d", m.Rank, RankFor(len(secs)))
	}
	q := m.Fold([]string{"brake"})
	if q == nil {
		t.Fatal("the query has no vector")
	}
	same := m.Fold([]string{"wheel", "road"}) // no brake in it
	other := m.Fold([]string{"orchard", "cider"})
	if cs, co := cosine(q, same), cosine(q, other); cs <= co+0.3 {
		t.Fatalf("brake: cosine %.3f to wheel road, %.3f to orchard cider; want the first clearly higher", cs, co)
	}
}

func TestTrainIsDeterministic(t *testing.T) {
	a, b := Train(topicSections(30)), Train(topicSections(30))
	if a.Rank != b.Rank || !slices.Equal(a.Vecs, b.Vecs) || !slices.Equal(a.IDF, b.IDF) {
		t.Fatal("two trainings on the same sections differ")
	}
}

func TestTrainTooFewSections(t *testing.T) {
	m := Train(topicSections(2))
	if m.Rank != 0 || m.Fold([]string{"engine"}) != nil {
		t.Fatalf("rank %d from 4 sections; want no model", m.Rank)
	}
}

func TestTermEncoding(t *testing.T) {
	v := []float32{0.5, -0.25, 0, 0.125, -0.5}
	b := EncodeTerm(v)
	got, err := DecodeTerm(b, len(v))
	if err != nil {
		t.Fatal(err)
	}
	for i := range v {
		if math.Abs(float64(got[i]-v[i])) > 0.5/127 {
			t.Fatalf("value %d: %g, want %g", i, got[i], v[i])
		}
	}
	if _, err := DecodeTerm(b, len(v)+1); err == nil {
		t.Fatal("a vector of the wrong length was read")
	}
	if c := CosineEncoded([]float32{0.6, -0.8}, EncodeUnit([]float32{0.6, -0.8})); math.Abs(c-1) > 1e-4 {
		t.Fatalf("cosine of a vector with itself, stored: %g", c)
	}
	if c := CosineEncoded([]float32{0.8, 0.6}, EncodeUnit([]float32{0.6, -0.8})); math.Abs(c) > 0.01 {
		t.Fatalf("cosine of orthogonal vectors, stored: %g", c)
	}
	if c := CosineEncoded([]float32{1, 0, 0}, EncodeUnit([]float32{0.6, -0.8})); c != 0 {
		t.Fatalf("cosine with a vector of another length: %g", c)
	}
}

func FuzzTokens(f *testing.F) {
	for _, s := range []string{"古い文書", "ERR42 x86", "ｶﾞｲﾄﾞ", "\xff\xfe", "a-b_c.d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, tok := range Tokens(s) {
			if tok == "" {
				t.Fatalf("empty token from %q", s)
			}
		}
	})
}

// cosine is the dot product of two unit vectors of one model.
func cosine(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}
