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

// sparse is a sparse matrix of rows × cols in compressed rows: row i's
// columns, in order, are idx[ptr[i]:ptr[i+1]] and its values
// val[ptr[i]:ptr[i+1]].
type sparse struct {
	rows, cols int
	ptr        []int
	idx        []int32
	val        []float64
}

// transpose is aᵀ, in compressed rows: each of a's columns as a row, its
// entries in the order of a's rows.
func (a *sparse) transpose() *sparse {
	t := &sparse{rows: a.cols, cols: a.rows, ptr: make([]int, a.cols+1), idx: make([]int32, len(a.idx)), val: make([]float64, len(a.val))}
	for _, c := range a.idx {
		t.ptr[c+1]++
	}
	for c := range a.cols {
		t.ptr[c+1] += t.ptr[c]
	}
	next := slices.Clone(t.ptr[:a.cols])
	for i := range a.rows {
		for j := a.ptr[i]; j < a.ptr[i+1]; j++ {
			c := a.idx[j]
			t.idx[next[c]] = int32(i) //nolint:gosec // a row of a training, at most latentrun.MaxTrainSections
			t.val[next[c]] = a.val[j]
			next[c]++
		}
	}
	return t
}

// truncatedSVD returns the first rank right singular vectors of a, as the
// columns of an a.cols × rank matrix, by randomized range finding from a
// fixed seed: Y = A·Ω for a Gaussian Ω, power iterations Y = A·Aᵀ·Y with
// orthonormalisation between, Q = orth(Y), then the eigenvectors W of
// B·Bᵀ for B = Qᵀ·A give V = Bᵀ·W·Σ⁻¹. The matrices held at once are A
// and Aᵀ, one of a.rows × l and two of a.cols × l (l = rank +
// oversample), each reused from one iteration to the next.
func truncatedSVD(a *sparse, rank int) *dense {
	cols := a.cols
	l := min(rank+oversample, a.rows, cols)
	at := a.transpose()
	rng := rand.New(rand.NewPCG(1, 2)) //nolint:gosec // a fixed seed, so the same sections give the same model; nothing secret
	z := newDense(cols, l)             // Ω, then Aᵀ·Y
	for i := range z.v {
		z.v[i] = rng.NormFloat64()
	}
	y := newDense(a.rows, l)
	var orth orthonormalizer
	mulInto(y, a, z)
	orth.run(y)
	for range powerIters {
		// Y = A·(Aᵀ·Y), orthonormalised once per iteration, after both
		// products: Aᵀ·Y (terms × l, the larger side) is not (between
		// Halko et al.'s Algorithms 4.3 and 4.4). Y's columns spread by
		// at most (σ₁/σₗ)² per iteration, which float64 holds for a term
		// matrix's slowly decaying spectrum.
		mulInto(z, at, y)
		mulInto(y, a, z)
		orth.run(y)
	}
	bt := z
	mulInto(bt, at, y) // Bᵀ = Aᵀ·Q
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
	// V takes bt's place, row t over the start of bt's row t once that is
	// read (rank ≤ l): no third matrix of terms × l.
	var v *dense
	if rank <= l {
		v = &dense{r: cols, c: rank, v: bt.v[:cols*rank]}
	} else {
		v = newDense(cols, rank)
	}
	acc := make([]float64, kept)
	for t := range cols {
		clear(acc)
		b := bt.row(t)
		j := 0
		for ; j+4 <= len(b); j += 4 { // four rows of wk a pass, each sum in the order of j
			x0, x1, x2, x3 := b[j], b[j+1], b[j+2], b[j+3]
			w0 := wk[j*kept : (j+1)*kept][:len(acc)]
			w1 := wk[(j+1)*kept : (j+2)*kept][:len(acc)]
			w2 := wk[(j+2)*kept : (j+3)*kept][:len(acc)]
			w3 := wk[(j+3)*kept : (j+4)*kept][:len(acc)]
			for k, s := range acc {
				s += x0 * w0[k]
				s += x1 * w1[k]
				s += x2 * w2[k]
				s += x3 * w3[k]
				acc[k] = s
			}
		}
		for ; j < len(b); j++ {
			x := b[j]
			for k, y := range wk[j*kept : (j+1)*kept][:len(acc)] {
				acc[k] += x * y
			}
		}
		out := v.row(t)
		clear(out)
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

// mulInto sets out to a·x. Each entry is summed over a's row in column
// order, one product after the other (four rows of x are read per pass
// over out's row, which changes no sum).
func mulInto(out *dense, a *sparse, x *dense) {
	for i := range a.rows {
		o := out.row(i)
		clear(o)
		j, end := a.ptr[i], a.ptr[i+1]
		for ; j+4 <= end; j += 4 {
			w0, w1, w2, w3 := a.val[j], a.val[j+1], a.val[j+2], a.val[j+3]
			x0 := x.row(int(a.idx[j]))[:len(o)]
			x1 := x.row(int(a.idx[j+1]))[:len(o)]
			x2 := x.row(int(a.idx[j+2]))[:len(o)]
			x3 := x.row(int(a.idx[j+3]))[:len(o)]
			for k, s := range o {
				s += w0 * x0[k]
				s += w1 * x1[k]
				s += w2 * x2[k]
				s += w3 * x3[k]
				o[k] = s
			}
		}
		for ; j < end; j++ {
			w := a.val[j]
			xr := x.row(int(a.idx[j]))[:len(o)]
			for k, y := range xr {
				o[k] += w * y
			}
		}
	}
}

// orthonormalizer makes the columns of a matrix orthonormal, keeping its
// working copy from one call to the next.
type orthonormalizer struct {
	q []float64 // the columns, one after the other
}

// orthBlock is the columns orthonormalizer.run projects together.
const orthBlock = 4

// run makes the columns of d orthonormal in place: modified Gram–Schmidt
// (one pass: each power iteration orthonormalizes again, so the loss of
// orthogonality cannot build up); a column that vanishes (the matrix has
// lower rank) becomes 0. The columns are taken orthBlock at a time: each
// of the block's columns is projected on the finished ones in turn, in one
// pass over them, then the block is finished column by column. Every
// column sees the same operations in the same order as one at a time.
func (o *orthonormalizer) run(d *dense) {
	r, c := d.r, d.c
	if cap(o.q) < r*c {
		o.q = make([]float64, r*c)
	}
	q := o.q[:r*c]
	for i := range r {
		for j, x := range d.row(i) {
			q[j*r+i] = x
		}
	}
	col := func(j int) []float64 { return q[j*r : (j+1)*r] }
	live := make([]bool, c) // not vanished
	for j0 := 0; j0 < c; j0 += orthBlock {
		j1 := min(j0+orthBlock, c)
		for p := range j0 {
			if !live[p] {
				continue
			}
			if j1-j0 == orthBlock {
				project4(col(p), col(j0), col(j0+1), col(j0+2), col(j0+3))
				continue
			}
			for j := j0; j < j1; j++ {
				project(col(p), col(j))
			}
		}
		for j := j0; j < j1; j++ {
			x := col(j)
			for p := j0; p < j; p++ {
				if live[p] {
					project(col(p), x)
				}
			}
			var n float64
			for _, v := range x {
				n += v * v
			}
			n = math.Sqrt(n)
			if !(n > 1e-10) {
				clear(x)
				continue
			}
			for i, v := range x {
				x[i] = v / n
			}
			live[j] = true
		}
	}
	for i := range r {
		row := d.row(i)
		for j := range row {
			row[j] = q[j*r+i]
		}
	}
}

// project removes from x its component along the unit vector b.
func project(b, x []float64) {
	x = x[:len(b)]
	var dot float64
	for i, v := range b {
		dot += v * x[i]
	}
	for i, v := range b {
		x[i] -= dot * v
	}
}

// project4 is project(b, x) for four columns x, in one pass over them:
// each column's sums are its own, in the same order.
func project4(b, x0, x1, x2, x3 []float64) {
	x0, x1, x2, x3 = x0[:len(b)], x1[:len(b)], x2[:len(b)], x3[:len(b)]
	var d0, d1, d2, d3 float64
	for i, v := range b {
		d0 += v * x0[i]
		d1 += v * x1[i]
		d2 += v * x2[i]
		d3 += v * x3[i]
	}
	for i, v := range b {
		x0[i] -= d0 * v
		x1[i] -= d1 * v
		x2[i] -= d2 * v
		x3[i] -= d3 * v
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
