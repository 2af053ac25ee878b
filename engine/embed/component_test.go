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
