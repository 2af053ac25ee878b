package embed

import (
	"math"
	"math/rand/v2"
	"testing"
)

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

// cloud returns n vectors: a strong shared direction dir (weight 3) plus
// unit Gaussian noise.
func cloud(n, dims int, dir []float32, seed uint64) [][]float32 {
	r := rand.New(rand.NewPCG(seed, 7))
	out := make([][]float32, n)
	for i := range out {
		v := make([]float32, dims)
		for d := range v {
			v[d] = 3*dir[d] + float32(r.NormFloat64())*0.5
		}
		out[i] = v
	}
	return out
}

func TestCommonComponentFindsSharedDirection(t *testing.T) {
	dims := 16
	dir := make([]float32, dims)
	dir[3], dir[7] = 0.6, -0.8
	vecs := cloud(500, dims, dir, 1)
	pc := CommonComponent(vecs)
	if len(pc) != dims {
		t.Fatalf("len %d", len(pc))
	}
	if n := math.Sqrt(dot(pc, pc)); math.Abs(n-1) > 1e-6 {
		t.Errorf("|pc| = %v", n)
	}
	if c := dot(pc, dir); c < 0.99 {
		t.Errorf("pc·dir = %.4f, want ≈ 1 (same sign as the vectors' sum)", c)
	}
	// The sign follows the data: negated vectors give the same component
	// negated... and the sign rule keeps it along their sum.
	neg := make([][]float32, len(vecs))
	for i, v := range vecs {
		n := make([]float32, dims)
		for d := range v {
			n[d] = -v[d]
		}
		neg[i] = n
	}
	if c := dot(CommonComponent(neg), dir); c > -0.99 {
		t.Errorf("component of negated data ·dir = %.4f, want ≈ -1", c)
	}
}

func TestCommonComponentDeterministic(t *testing.T) {
	dir := make([]float32, 8)
	dir[0] = 1
	vecs := cloud(200, 8, dir, 3)
	a := CommonComponent(vecs)
	for range 3 {
		b := CommonComponent(vecs)
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("run differs at %d: %v vs %v", i, a[i], b[i])
			}
		}
	}
}

func TestCommonComponentEdgeCases(t *testing.T) {
	tests := []struct {
		name string
		vecs [][]float32
		want []float32 // nil: expect nil
	}{
		{"none", nil, nil},
		{"only nils", [][]float32{nil, nil}, nil},
		{"all zero", [][]float32{{0, 0}, {0, 0}}, nil},
		{"single", [][]float32{nil, {0, 2}}, []float32{0, 1}},
		{"opposite pair", [][]float32{{1, 0}, {-1, 0}}, []float32{1, 0}},
		{"mismatched lengths ignored", [][]float32{{0, 3}, {1, 2, 3}, {0, 1}}, []float32{0, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := CommonComponent(tc.vecs)
			if tc.want == nil {
				if got != nil {
					t.Fatalf("got %v, want nil", got)
				}
				return
			}
			if len(got) != len(tc.want) || dot(got, tc.want) < 0.999999 {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestRemoveComponent(t *testing.T) {
	pc := []float32{0.6, 0.8, 0}
	v := []float32{1, 1, 1}
	r := RemoveComponent(v, pc)
	if math.Abs(dot(r, pc)) > 1e-6 {
		t.Errorf("r·pc = %v, want 0", dot(r, pc))
	}
	if n := dot(r, r); math.Abs(n-1) > 1e-6 {
		t.Errorf("|r|² = %v", n)
	}
	// r is along v − (v·pc)pc = (1,1,1) − 1.4(0.6,0.8,0) = (0.16,−0.12,1).
	want := []float32{0.16, -0.12, 1}
	if c := dot(r, want) / math.Sqrt(dot(want, want)); c < 0.999999 {
		t.Errorf("r = %v, want along %v", r, want)
	}
	if v[0] != 1 {
		t.Error("RemoveComponent changed its input")
	}
	tests := []struct {
		name  string
		v, pc []float32
	}{
		{"nil vector", nil, pc},
		{"along the component", []float32{3, 4, 0}, pc},
		{"length mismatch", []float32{1, 2}, pc},
		{"zero vector, no component", []float32{0, 0}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := RemoveComponent(tc.v, tc.pc); got != nil {
				t.Errorf("%s: got %v, want nil", tc.name, got)
			}
		})
	}
	if got := Normalize([]float32{3, 4}); math.Abs(float64(got[0])-0.6) > 1e-7 || math.Abs(float64(got[1])-0.8) > 1e-7 {
		t.Errorf("Normalize = %v", got)
	}
}

// TestComponentSumsEqualsPasses: ComponentSums, which holds Σ v vᵀ instead
// of the vectors, gives the component the power iteration over the
// vectors themselves gave (commonComponentByPasses, the code before it), to
// float rounding, on clouds, clusters, vectors with nil and odd-length
// entries, and vectors that cancel out.
func TestComponentSumsEqualsPasses(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	gauss := func(n, dims int, shift float64) [][]float32 {
		out := make([][]float32, n)
		for i := range out {
			v := make([]float32, dims)
			for d := range v {
				v[d] = float32(r.NormFloat64() + shift*float64(d%3))
			}
			out[i] = v
		}
		return out
	}
	dir := make([]float32, 100)
	dir[5], dir[50] = 0.8, 0.6
	mixed := gauss(300, 24, 0.2)
	mixed[0], mixed[40] = nil, []float32{1, 2, 3}
	cancel := [][]float32{{1, 0, 0, 0}, {-1, 0, 0, 0}, {0, 2, 0, 0}, {0, -2, 0, 0}}
	cases := []struct {
		name string
		vecs [][]float32
	}{
		{"cloud of 100 dims", cloud(3000, 100, dir, 4)},
		{"gaussian with a weak shift", gauss(2000, 100, 0.05)},
		{"gaussian, no shift", gauss(500, 32, 0)},
		{"nil and odd lengths", mixed},
		{"cancelling vectors", cancel},
		{"zero vectors", [][]float32{{0, 0}, {0, 0}}},
		{"none", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := commonComponentByPasses(tc.vecs)
			got := CommonComponent(tc.vecs)
			if (got == nil) != (want == nil) || len(got) != len(want) {
				t.Fatalf("component %v, want %v", got, want)
			}
			for i := range got {
				if math.Abs(float64(got[i]-want[i])) > 1e-6 {
					t.Fatalf("component[%d] = %v, want %v (to 1e-6)", i, got[i], want[i])
				}
			}
			if want != nil && math.Abs(dot(got, want)-dot(want, want)) > 1e-9 {
				t.Errorf("got·want = %.12f, want·want = %.12f", dot(got, want), dot(want, want))
			}
		})
	}
}

// commonComponentByPasses is CommonComponent as it was before
// ComponentSums: power iteration reading every vector at each step.
func commonComponentByPasses(vecs [][]float32) []float32 {
	dims := 0
	for _, v := range vecs {
		if v != nil {
			dims = len(v)
			break
		}
	}
	if dims == 0 {
		return nil
	}
	sum := make([]float64, dims)
	for _, v := range vecs {
		if len(v) != dims {
			continue
		}
		for i, x := range v {
			sum[i] += float64(x)
		}
	}
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
			next[i] = 0
		}
		for _, v := range vecs {
			if len(v) != dims {
				continue
			}
			var p float64
			for i, x := range v {
				p += float64(x) * u[i]
			}
			for i, x := range v {
				next[i] += p * float64(x)
			}
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
