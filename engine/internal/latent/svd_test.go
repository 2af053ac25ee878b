package latent

import (
	"math"
	"math/rand/v2"
	"testing"
)

// randomOrthonormal is an r × c matrix (r ≥ c) with orthonormal columns,
// by classical Gram–Schmidt applied twice to Gaussian columns (written
// out here, so the test does not lean on orthonormalize).
func randomOrthonormal(rng *rand.Rand, r, c int) [][]float64 {
	cols := make([][]float64, c)
	for j := range cols {
		col := make([]float64, r)
		for i := range col {
			col[i] = rng.NormFloat64()
		}
		for range 2 {
			for _, b := range cols[:j] {
				var dot float64
				for i := range col {
					dot += b[i] * col[i]
				}
				for i := range col {
					col[i] -= dot * b[i]
				}
			}
		}
		var n float64
		for _, x := range col {
			n += x * x
		}
		for i := range col {
			col[i] /= math.Sqrt(n)
		}
		cols[j] = col
	}
	return cols
}

// TestTruncatedSVDFindsTheLeadingSubspace: on a full-rank matrix whose
// singular values decay slowly (0.85^k, as a term matrix's do, not the
// exact low rank of TestTruncatedSVDSpansTheRows), the vectors found span
// the true leading right singular vectors: each true vector keeps almost
// all its length when projected on them. The power iterations orthonormalise
// once per iteration; this holds them to it.
func TestTruncatedSVDFindsTheLeadingSubspace(t *testing.T) {
	const rows, cols, rank = 300, 160, 12
	rng := rand.New(rand.NewPCG(11, 13))
	u := randomOrthonormal(rng, rows, cols)
	vt := randomOrthonormal(rng, cols, cols)
	sp := make([]refRow, rows)
	for i := range rows {
		for j := range cols {
			var x float64
			for k := range cols {
				x += u[k][i] * math.Pow(0.85, float64(k)) * vt[k][j]
			}
			sp[i].idx = append(sp[i].idx, int32(j))
			sp[i].val = append(sp[i].val, x)
		}
	}
	v := truncatedSVD(sparseOf(sp, cols), rank)
	for k := range rank {
		var kept float64 // squared length of true vector k on span(v)
		for a := range rank {
			var c float64
			for j := range cols {
				c += vt[k][j] * v.at(j, a)
			}
			kept += c * c
		}
		if kept < 1-1e-4 {
			t.Errorf("true singular vector %d keeps %.6f of its length on the vectors found, want ≥ 0.9999", k, kept)
		}
	}
}

// TestOrthonormalize: the columns come out orthonormal and spanning what
// went in, and a column that depends on earlier ones comes out 0.
func TestOrthonormalize(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	const r, c = 50, 6
	d := newDense(r, c)
	for i := range r {
		for j := range c {
			d.set(i, j, rng.NormFloat64())
		}
		d.set(i, 3, 2*d.at(i, 0)-d.at(i, 1)) // column 3 depends on 0 and 1
	}
	in := &dense{r: r, c: c, v: append([]float64(nil), d.v...)}
	orthonormalize(d)
	for a := range c {
		for b := range c {
			var dot float64
			for i := range r {
				dot += d.at(i, a) * d.at(i, b)
			}
			want := 0.0
			if a == b && a != 3 {
				want = 1
			}
			if math.Abs(dot-want) > 1e-9 {
				t.Errorf("column %d · column %d = %g, want %g", a, b, dot, want)
			}
		}
	}
	for j := range c { // each input column lies in the span of the output
		var rest float64
		for i := range r {
			x := in.at(i, j)
			for a := range c {
				var coef float64
				for k := range r {
					coef += in.at(k, j) * d.at(k, a)
				}
				x -= coef * d.at(i, a)
			}
			rest += x * x
		}
		if rest > 1e-16 {
			t.Errorf("column %d leaves %g outside the span", j, rest)
		}
	}
}

// TestGramIsTheFullProduct: gram's mirrored triangle equals xᵀ·x summed
// entry by entry, exactly.
func TestGramIsTheFullProduct(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	x := newDense(40, 7)
	for i := range x.v {
		if rng.IntN(4) > 0 { // some zeros, which gram skips
			x.v[i] = rng.NormFloat64()
		}
	}
	g := gram(x)
	for a := range 7 {
		for b := range 7 {
			var want float64
			for i := range 40 {
				if x.at(i, a) != 0 {
					want += x.at(i, a) * x.at(i, b)
				}
			}
			if g.at(a, b) != want {
				t.Errorf("gram[%d][%d] = %v, want %v", a, b, g.at(a, b), want)
			}
		}
	}
}
