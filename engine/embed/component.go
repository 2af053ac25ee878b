package embed

import "math"

// Power iteration limits for CommonComponent.
const (
	componentMaxIter = 300
	componentTol     = 1e-10
)

// CommonComponent returns the first principal component of vecs (the unit
// vector u maximising Σ (v·u)², computed without centring, as SIF does),
// or nil when vecs holds no non-zero vector. nil entries and entries whose
// length differs from the first non-nil one are ignored. It is
// ComponentSums over vecs.
func CommonComponent(vecs [][]float32) []float32 {
	var s ComponentSums
	for _, v := range vecs {
		s.Add(v)
	}
	return s.Component()
}

// ComponentSums computes CommonComponent from vectors given one at a
// time, holding none of them: it keeps their sum and the sums of the
// products of their coordinates (the matrix Σ v vᵀ, dims² numbers: 80 KB
// for 100 dimensions), which is all the power iteration reads. The zero
// value is ready; the first non-nil vector Added sets the dimensions.
type ComponentSums struct {
	dims int
	sum  []float64
	// gram is Σ v vᵀ, row-major; Add fills the upper triangle
	// (j ≥ i), Component mirrors it.
	gram []float64
	x    []float64
}

// Add adds v; nil, and a vector whose length differs from the first, are
// ignored.
func (s *ComponentSums) Add(v []float32) {
	if v == nil {
		return
	}
	if s.dims == 0 {
		s.dims = len(v)
		s.sum = make([]float64, s.dims)
		s.gram = make([]float64, s.dims*s.dims)
		s.x = make([]float64, s.dims)
	}
	if len(v) != s.dims {
		return
	}
	for i, f := range v {
		s.x[i] = float64(f)
		s.sum[i] += s.x[i]
	}
	for i, xi := range s.x {
		if xi == 0 {
			continue
		}
		row := s.gram[i*s.dims+i : (i+1)*s.dims]
		for j, xj := range s.x[i:] {
			row[j] += xi * xj
		}
	}
}

// Component returns the first principal component of the vectors added
// (see CommonComponent), or nil when none was non-zero.
//
// It is deterministic: power iteration in float64 starting from the sum of
// the vectors (or the first axis when they cancel out), with the sign
// chosen so that u points the same way as that sum (or its largest
// component is positive). Each step multiplies by Σ v vᵀ, which is
// Σ (v·u) v summed in another order: the result equals iterating over the
// vectors to float rounding.
func (s *ComponentSums) Component() []float32 {
	dims := s.dims
	if dims == 0 {
		return nil
	}
	for i := range dims {
		for j := i + 1; j < dims; j++ {
			s.gram[j*dims+i] = s.gram[i*dims+j]
		}
	}
	sum := s.sum
	u := append([]float64(nil), sum...)
	if normalise64(u) == 0 {
		for i := range u {
			u[i] = 0
		}
		u[0] = 1
	}
	next := make([]float64, dims)
	for iter := 0; iter < componentMaxIter; iter++ {
		for i := range next {
			row := s.gram[i*dims : (i+1)*dims]
			var p float64
			for j, g := range row {
				p += g * u[j]
			}
			next[i] = p
		}
		if normalise64(next) == 0 {
			return nil // every vector is zero
		}
		var dot float64
		for i := range u {
			dot += u[i] * next[i]
		}
		u, next = next, u
		if 1-math.Abs(dot) < componentTol {
			break
		}
	}
	// Fix the sign: along the sum, or else largest component positive.
	var along float64
	for i := range u {
		along += u[i] * sum[i]
	}
	if along == 0 {
		big := 0
		for i := range u {
			if math.Abs(u[i]) > math.Abs(u[big]) {
				big = i
			}
		}
		along = u[big]
	}
	out := make([]float32, dims)
	for i := range u {
		if along < 0 {
			u[i] = -u[i]
		}
		out[i] = float32(u[i])
	}
	return out
}

// RemoveComponent returns v minus its projection on the unit vector pc,
// scaled to unit length: v' = (v − (v·pc)pc) / |…|. With pc nil it returns
// a unit-length copy of v. It returns nil when v is nil or zero after the
// removal, or when pc's length differs from v's.
func RemoveComponent(v, pc []float32) []float32 {
	r, _, _ := Project(v, pc)
	return r
}

// Project is RemoveComponent, also returning what the removal took from v:
// along, v's coordinate along pc (v·pc; 0 when pc is nil), and scale, the
// length of v − (v·pc)pc before it was scaled to unit length. Restore
// gives v back from the three (to float32 precision). along and scale are
// returned as well when the vector is nil (nothing left after the removal).
func Project(v, pc []float32) (r []float32, along, scale float64) {
	if v == nil || (pc != nil && len(pc) != len(v)) {
		return nil, 0, 0
	}
	out := make([]float64, len(v))
	var p, vv float64
	for _, x := range v {
		vv += float64(x) * float64(x)
	}
	for i := range pc {
		p += float64(v[i]) * float64(pc[i])
	}
	for i, x := range v {
		out[i] = float64(x)
		if pc != nil {
			out[i] -= p * float64(pc[i])
		}
	}
	n := normalise64(out)
	if n == 0 || n < 1e-6*math.Sqrt(vv) {
		return nil, p, n
	}
	r = make([]float32, len(v))
	for i, x := range out {
		r[i] = float32(x)
	}
	return r, p, n
}

// Restore reverses Project: scale·r + along·pc, where r is Project's
// vector (nil when nothing was left) and pc the component it removed (nil
// for none). It returns nil when there is nothing to restore from.
func Restore(r, pc []float32, along, scale float64) []float32 {
	dims := max(len(r), len(pc))
	if dims == 0 || (r != nil && pc != nil && len(r) != len(pc)) {
		return nil
	}
	out := make([]float32, dims)
	for i := range out {
		var x float64
		if r != nil {
			x = scale * float64(r[i])
		}
		if pc != nil {
			x += along * float64(pc[i])
		}
		out[i] = float32(x)
	}
	return out
}

// Normalize returns v scaled to unit length, or nil when v is nil or zero.
func Normalize(v []float32) []float32 { return RemoveComponent(v, nil) }

// normalise64 scales v to unit length in place and returns its former
// length (0 leaves v unchanged).
func normalise64(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x * x
	}
	n := math.Sqrt(s)
	if n == 0 {
		return 0
	}
	for i := range v {
		v[i] /= n
	}
	return n
}
