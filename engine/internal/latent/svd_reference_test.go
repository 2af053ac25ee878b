package latent

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The randomized SVD as it was written before its kernels were blocked
// (one column at a time, a row's non-zeros one at a time), kept to hold
// the faster one to the same result, bit for bit: the same sections must
// give the same model, and so the same search figures.

// refRow is one row of a sparse matrix: its columns in order and values.
type refRow struct {
	idx []int32
	val []float64
}

// refTruncatedSVD returns the first rank right singular vectors of the matrix
// whose rows are given (cols columns), as the columns of a cols × rank
// matrix, by randomized range finding from a fixed seed: Y = A·Ω for a
// Gaussian Ω, power iterations Y = A·Aᵀ·Y with orthonormalisation between,
// Q = orth(Y), then the eigenvectors W of B·Bᵀ for B = Qᵀ·A give
// V = Bᵀ·W·Σ⁻¹. The largest matrices are rows × (rank + oversample) and
// cols × (rank + oversample).
func refTruncatedSVD(rows []refRow, cols, rank int) *dense {
	l := min(rank+oversample, len(rows), cols)
	rng := rand.New(rand.NewPCG(1, 2)) //nolint:gosec // a fixed seed, so the same sections give the same model; nothing secret
	omega := newDense(cols, l)
	for i := range omega.v {
		omega.v[i] = rng.NormFloat64()
	}
	y := refMulA(rows, omega)
	refOrthonormalize(y)
	for range powerIters {
		// Y = A·(Aᵀ·Y), orthonormalised once per iteration, after both
		// products: Aᵀ·Y (terms × l, the larger side) is not (between
		// Halko et al.'s Algorithms 4.3 and 4.4). Y's columns spread by
		// at most (σ₁/σₗ)² per iteration, which float64 holds for a term
		// matrix's slowly decaying spectrum.
		y = refMulA(rows, refMulAT(rows, y, cols))
		refOrthonormalize(y)
	}
	bt := refMulAT(rows, y, cols) // Bᵀ = Aᵀ·Q
	vals, w := jacobiEigen(gram(bt))
	order := make([]int, l)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case vals[a] > vals[b]:
			return -1
		case vals[a] < vals[b]:
			return 1
		}
		return 0
	})
	// V = Bᵀ·W·Σ⁻¹ over the kept eigenvectors: wk holds, for each j, row
	// j of W restricted to them in rank order, so one term's values
	// accumulate along contiguous memory (each sum in the order of j).
	kept := min(rank, l)
	wk := make([]float64, l*kept)
	sigmas := make([]float64, kept)
	for k := range kept {
		e := order[k]
		sigma := math.Sqrt(max(vals[e], 0))
		if sigma < 1e-12 {
			continue // its column of V stays 0
		}
		sigmas[k] = sigma
		for j := range l {
			wk[j*kept+k] = w.at(j, e)
		}
	}
	v := newDense(cols, rank)
	acc := make([]float64, kept)
	for t := range cols {
		clear(acc)
		for j, x := range bt.row(t) {
			for k, y := range wk[j*kept : (j+1)*kept] {
				acc[k] += x * y
			}
		}
		out := v.row(t)
		for k, s := range acc {
			if sigmas[k] != 0 {
				out[k] = s / sigmas[k]
			}
		}
	}
	return v
}

// refMulA is A·x for the sparse rows A.
func refMulA(a []refRow, x *dense) *dense {
	out := newDense(len(a), x.c)
	for i, r := range a {
		o := out.row(i)
		for j, t := range r.idx {
			w := r.val[j]
			for k, y := range x.row(int(t)) {
				o[k] += w * y
			}
		}
	}
	return out
}

// refMulAT is Aᵀ·x for the sparse rows A of cols columns.
func refMulAT(a []refRow, x *dense, cols int) *dense {
	out := newDense(cols, x.c)
	for i, r := range a {
		xi := x.row(i)
		for j, t := range r.idx {
			w := r.val[j]
			o := out.row(int(t))
			for k, y := range xi {
				o[k] += w * y
			}
		}
	}
	return out
}

// refOrthonormalize makes the columns of d orthonormal in place: modified
// Gram–Schmidt (one pass: each power iteration orthonormalizes again, so
// the loss of orthogonality cannot build up); a column that vanishes (the
// matrix has lower rank) becomes 0.
func refOrthonormalize(d *dense) {
	col := make([]float64, d.r)
	basis := make([][]float64, d.c)
	for j := range d.c {
		for i := range d.r {
			col[i] = d.at(i, j)
		}
		for p := range j {
			if basis[p] == nil {
				continue
			}
			var dot float64
			for i, x := range basis[p] {
				dot += x * col[i]
			}
			for i, x := range basis[p] {
				col[i] -= dot * x
			}
		}
		var n float64
		for _, x := range col {
			n += x * x
		}
		n = math.Sqrt(n)
		if n > 1e-10 {
			b := make([]float64, d.r)
			for i, x := range col {
				b[i] = x / n
			}
			basis[j] = b
		}
		for i := range d.r {
			if basis[j] != nil {
				d.set(i, j, basis[j][i])
			} else {
				d.set(i, j, 0)
			}
		}
	}
}

// sparseOf is the rows given as a sparse matrix of cols columns.
func sparseOf(rows []refRow, cols int) *sparse {
	a := &sparse{rows: len(rows), cols: cols, ptr: []int{0}}
	for _, r := range rows {
		a.idx = append(a.idx, r.idx...)
		a.val = append(a.val, r.val...)
		a.ptr = append(a.ptr, len(a.idx))
	}
	return a
}

// orthonormalize is orthonormalizer.run with a working copy of its own.
func orthonormalize(d *dense) {
	var o orthonormalizer
	o.run(d)
}

// refMatrix is a rows × cols sparse matrix of random values, each entry
// present with probability density; with low > 0, its rows repeat the
// first low ones (scaled), so its rank is at most low.
func refMatrix(rng *rand.Rand, rows, cols int, density float64, low int) []refRow {
	out := make([]refRow, rows)
	for i := range out {
		if low > 0 && i >= low {
			s := rng.NormFloat64()
			src := out[i%low]
			out[i].idx = slices.Clone(src.idx)
			for _, v := range src.val {
				out[i].val = append(out[i].val, s*v)
			}
			continue
		}
		for j := range cols {
			if rng.Float64() < density {
				out[i].idx = append(out[i].idx, int32(j)) //nolint:gosec // a test matrix's column
				out[i].val = append(out[i].val, rng.NormFloat64())
			}
		}
	}
	return out
}

// sameBits reports the first entry where a and b differ in any bit.
func sameBits(t *testing.T, what string, a, b *dense) {
	t.Helper()
	if a.r != b.r || a.c != b.c {
		t.Fatalf("%s: %d × %d, reference %d × %d", what, a.r, a.c, b.r, b.c)
	}
	for i := range a.v {
		if math.Float64bits(a.v[i]) != math.Float64bits(b.v[i]) {
			t.Fatalf("%s: entry (%d, %d) = %v, reference %v", what, i/a.c, i%a.c, a.v[i], b.v[i])
		}
	}
}

// refCases are matrices for the comparisons: wide and tall, sparse and
// dense, full rank and of a lower rank than the columns sought (so that
// columns vanish), rows of fewer and more than four entries.
var refCases = []struct {
	name             string
	rows, cols, rank int
	density          float64
	low              int
}{
	{"tall sparse", 400, 150, 30, 0.05, 0},
	{"wide sparse", 120, 500, 40, 0.03, 0},
	{"dense", 90, 60, 20, 0.9, 0},
	{"rank 7", 200, 80, 25, 0.2, 7},
	{"rank 2 few columns", 50, 9, 6, 0.5, 2},
	{"one entry a row", 300, 300, 12, 1.0 / 300, 0},
}

// TestKernelsMatchTheReference: mulInto and orthonormalizer.run compute
// what the kernels they replace computed, bit for bit.
func TestKernelsMatchTheReference(t *testing.T) {
	for _, tc := range refCases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(tc.rows), uint64(tc.cols))) //nolint:gosec // test data
			rows := refMatrix(rng, tc.rows, tc.cols, tc.density, tc.low)
			a := sparseOf(rows, tc.cols)
			l := min(tc.rank+oversample, tc.rows, tc.cols)
			x := newDense(tc.cols, l)
			for i := range x.v {
				x.v[i] = rng.NormFloat64()
			}
			y := newDense(tc.rows, l)
			mulInto(y, a, x)
			sameBits(t, "A·x", y, refMulA(rows, x))
			z := newDense(tc.cols, l)
			mulInto(z, a.transpose(), y)
			sameBits(t, "Aᵀ·y", z, refMulAT(rows, y, tc.cols))
			want := &dense{r: y.r, c: y.c, v: slices.Clone(y.v)}
			refOrthonormalize(want)
			var o orthonormalizer
			o.run(y)
			sameBits(t, "orthonormalized", y, want)
			// the working copy is reused: a second matrix comes out right too
			mulInto(y, a, z)
			want = &dense{r: y.r, c: y.c, v: slices.Clone(y.v)}
			refOrthonormalize(want)
			o.run(y)
			sameBits(t, "orthonormalized again", y, want)
		})
	}
}

// TestTruncatedSVDMatchesTheReference: the whole randomized SVD gives the
// reference's vectors, bit for bit.
func TestTruncatedSVDMatchesTheReference(t *testing.T) {
	for _, tc := range refCases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(tc.cols), uint64(tc.rows))) //nolint:gosec // test data
			rows := refMatrix(rng, tc.rows, tc.cols, tc.density, tc.low)
			rank := min(tc.rank, tc.rows, tc.cols)
			sameBits(t, "V", truncatedSVD(sparseOf(rows, tc.cols), rank), refTruncatedSVD(rows, tc.cols, rank))
		})
	}
}

// refTermMatrix is termMatrix as it was: a map of weights per section,
// its columns sorted.
func refTermMatrix(rows [][]termCount, col []int32, idf []float64) []refRow {
	var out []refRow
	for _, row := range rows {
		w := map[int32]float64{}
		for _, tc := range row {
			if c := col[tc.id]; c >= 0 {
				w[c] = (1 + math.Log(float64(tc.n))) * idf[c]
			}
		}
		var r refRow
		var norm float64
		for i := range w {
			r.idx = append(r.idx, i)
		}
		slices.Sort(r.idx)
		for _, i := range r.idx {
			r.val = append(r.val, w[i])
			norm += w[i] * w[i]
		}
		if norm == 0 {
			continue
		}
		norm = math.Sqrt(norm)
		for j := range r.val {
			r.val[j] /= norm
		}
		out = append(out, r)
	}
	return out
}

// TestTermMatrixMatchesTheReference: the sections' weights are the same
// rows, bit for bit, sections without weight left out (a term in every
// section weighs 0).
func TestTermMatrixMatchesTheReference(t *testing.T) {
	// the section "nowhere" and the last one hold no term kept but
	// "everywhere", which weighs 0
	secs := append(benchSections(300), []string{"w0", "w1"}, []string{"nowhere"})
	for i := range secs {
		secs[i] = append(secs[i], "everywhere")
	}
	secs = append(secs, []string{"everywhere"})
	var tr Trainer
	for _, s := range secs {
		tr.Add(s)
	}
	col := make([]int32, len(tr.names))
	var idf []float64
	for id, df := range tr.df {
		col[id] = -1
		if df >= MinDF {
			col[id] = int32(len(idf)) //nolint:gosec // a test's vocabulary
			idf = append(idf, math.Log(float64(len(secs))/float64(df)))
		}
	}
	got := termMatrix(tr.rows, col, idf)
	want := sparseOf(refTermMatrix(tr.rows, col, idf), len(idf))
	if got.rows != len(secs)-2 {
		t.Errorf("%d rows of %d sections, want all but the two weighing nothing", got.rows, len(secs))
	}
	if got.rows != want.rows || got.cols != want.cols || !slices.Equal(got.ptr, want.ptr) || !slices.Equal(got.idx, want.idx) {
		t.Fatalf("rows %d, columns %d, reference %d and %d, or their entries differ", got.rows, got.cols, want.rows, want.cols)
	}
	for j := range got.val {
		if math.Float64bits(got.val[j]) != math.Float64bits(want.val[j]) {
			t.Fatalf("entry %d = %v, reference %v", j, got.val[j], want.val[j])
		}
	}
}
