package latent

import (
	"math"
	"math/rand/v2"
	"slices"
)

// Randomized SVD parameters (Halko, Martinsson and Tropp 2011).
const (
	oversample = 10 // random directions beyond the rank
	powerIters = 3  // power iterations, for a slowly decaying spectrum
)

// sparseRow is one row of a sparse matrix: its columns in order and values.
type sparseRow struct {
	idx []int32
	val []float64
}

// truncatedSVD returns the first rank right singular vectors of the matrix
// whose rows are given (cols columns), as the columns of a cols × rank
// matrix, by randomized range finding from a fixed seed: Y = A·Ω for a
// Gaussian Ω, power iterations Y = A·Aᵀ·Y with orthonormalisation between,
// Q = orth(Y), then the eigenvectors W of B·Bᵀ for B = Qᵀ·A give
// V = Bᵀ·W·Σ⁻¹. The largest matrices are rows × (rank + oversample) and
// cols × (rank + oversample).
func truncatedSVD(rows []sparseRow, cols, rank int) *dense {
	l := min(rank+oversample, len(rows), cols)
	rng := rand.New(rand.NewPCG(1, 2)) //nolint:gosec // a fixed seed, so the same sections give the same model; nothing secret
	omega := newDense(cols, l)
	for i := range omega.v {
		omega.v[i] = rng.NormFloat64()
	}
	y := mulA(rows, omega)
	orthonormalize(y)
	for range powerIters {
		// Y = A·(Aᵀ·Y), orthonormalised once per iteration, after both
		// products: Aᵀ·Y (terms × l, the larger side) is not (between
		// Halko et al.'s Algorithms 4.3 and 4.4). Y's columns spread by
		// at most (σ₁/σₗ)² per iteration, which float64 holds for a term
		// matrix's slowly decaying spectrum.
		y = mulA(rows, mulAT(rows, y, cols))
		orthonormalize(y)
	}
	bt := mulAT(rows, y, cols) // Bᵀ = Aᵀ·Q
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

// dense is a row-major matrix.
type dense struct {
	r, c int
	v    []float64
}

func newDense(r, c int) *dense           { return &dense{r: r, c: c, v: make([]float64, r*c)} }
func (d *dense) row(i int) []float64     { return d.v[i*d.c : (i+1)*d.c] }
func (d *dense) at(i, j int) float64     { return d.v[i*d.c+j] }
func (d *dense) set(i, j int, x float64) { d.v[i*d.c+j] = x }

// mulA is A·x for the sparse rows A.
func mulA(a []sparseRow, x *dense) *dense {
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

// mulAT is Aᵀ·x for the sparse rows A of cols columns.
func mulAT(a []sparseRow, x *dense, cols int) *dense {
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

// orthonormalize makes the columns of d orthonormal in place: modified
// Gram–Schmidt (one pass: each power iteration orthonormalizes again, so
// the loss of orthogonality cannot build up); a column that vanishes (the
// matrix has lower rank) becomes 0.
func orthonormalize(d *dense) {
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

// gram is xᵀ·x. It sums the upper triangle and mirrors it: each entry is
// the same sum, in the same order, as the full product's.
func gram(x *dense) *dense {
	out := newDense(x.c, x.c)
	for i := range x.r {
		row := x.row(i)
		for a, ya := range row {
			if ya == 0 {
				continue
			}
			o := out.row(a)[a:]
			for b, yb := range row[a:] {
				o[b] += ya * yb
			}
		}
	}
	for a := range x.c {
		for b := a + 1; b < x.c; b++ {
			out.set(b, a, out.at(a, b))
		}
	}
	return out
}

// jacobiEigen diagonalises the symmetric matrix s by cyclic Jacobi
// rotations: its eigenvalues, and its eigenvectors as the columns of the
// returned matrix. It stops when the off-diagonal mass is negligible next
// to the diagonal's, or after 60 sweeps.
func jacobiEigen(s *dense) ([]float64, *dense) {
	n := s.r
	a := &dense{r: n, c: n, v: slices.Clone(s.v)}
	v := newDense(n, n)
	for i := range n {
		v.set(i, i, 1)
	}
	for range 60 {
		var off, diag float64
		for p := range n {
			diag += a.at(p, p) * a.at(p, p)
			for q := p + 1; q < n; q++ {
				off += a.at(p, q) * a.at(p, q)
			}
		}
		if off <= 1e-24*max(diag, 1e-300) {
			break
		}
		for p := range n {
			for q := p + 1; q < n; q++ {
				if apq := a.at(p, q); apq != 0 {
					rotate(a, v, p, q, apq)
				}
			}
		}
	}
	vals := make([]float64, n)
	for i := range vals {
		vals[i] = a.at(i, i)
	}
	return vals, v
}

// rotate applies the Jacobi rotation that zeroes a[p][q] (= apq) to a,
// on both sides, and to the eigenvector columns v.
func rotate(a, v *dense, p, q int, apq float64) {
	n := a.r
	theta := (a.at(q, q) - a.at(p, p)) / (2 * apq)
	t := math.Copysign(1, theta) / (math.Abs(theta) + math.Sqrt(theta*theta+1))
	c := 1 / math.Sqrt(t*t+1)
	s := t * c
	for k := range n {
		akp, akq := a.at(k, p), a.at(k, q)
		a.set(k, p, c*akp-s*akq)
		a.set(k, q, s*akp+c*akq)
	}
	for k := range n {
		apk, aqk := a.at(p, k), a.at(q, k)
		a.set(p, k, c*apk-s*aqk)
		a.set(q, k, s*apk+c*aqk)
	}
	for k := range n {
		vkp, vkq := v.at(k, p), v.at(k, q)
		v.set(k, p, c*vkp-s*vkq)
		v.set(k, q, s*vkp+c*vkq)
	}
}
