package latent

import (
	"encoding/binary"
	"fmt"
	"math"
)

// MaxRank is the largest rank of a model: the dimensions of its vectors.
const MaxRank = 100

// Model is a latent space: each term's vector and IDF. A text's vector is
// the weighted sum of its terms' vectors, so sections and queries are
// placed by the same arithmetic (folding in).
type Model struct {
	Rank  int
	Terms map[string]int32
	IDF   []float32
	// Vecs holds each term's vector, Rank values per term, by term index.
	Vecs []float32
}

// NewModel is an empty model of the given rank, to be filled with Add.
func NewModel(rank int) *Model {
	return &Model{Rank: rank, Terms: map[string]int32{}}
}

// Add puts a term in the model with its IDF and vector (Rank values).
func (m *Model) Add(term string, idf float32, vec []float32) {
	if _, ok := m.Terms[term]; ok || len(vec) != m.Rank {
		return
	}
	m.Terms[term] = int32(len(m.IDF)) //nolint:gosec // a model holds at most MaxTerms terms
	m.IDF = append(m.IDF, idf)
	m.Vecs = append(m.Vecs, vec...)
}

// EncodedTerm is a term as stored: its text, IDF and vector as EncodeTerm
// wrote it.
type EncodedTerm struct {
	Text string
	IDF  float32
	Vec  []byte
}

// FromEncoded is a model of the given rank holding the stored terms
// given: the part of a stored model that folds any text made of them as
// the whole model would.
func FromEncoded(rank int, terms []EncodedTerm) (*Model, error) {
	m := NewModel(rank)
	for _, t := range terms {
		v, err := DecodeTerm(t.Vec, rank)
		if err != nil {
			return nil, fmt.Errorf("latent term %q: %w", t.Text, err)
		}
		m.Add(t.Text, t.IDF, v)
	}
	return m, nil
}

// Vec is the vector of term i.
func (m *Model) Vec(i int32) []float32 { return m.Vecs[int(i)*m.Rank : int(i+1)*m.Rank] }

// weights are a text's term weights, (1 + ln tf) × idf over the model's
// terms.
func (m *Model) weights(tokens []string) map[int32]float64 {
	tf := map[int32]float64{}
	for _, t := range tokens {
		if i, ok := m.Terms[t]; ok {
			tf[i]++
		}
	}
	for i, n := range tf {
		tf[i] = (1 + math.Log(n)) * float64(m.IDF[i])
	}
	return tf
}

// Fold places a text, given as its Tokens, in the space: a unit vector,
// or nil when it holds no term of the model.
func (m *Model) Fold(tokens []string) []float32 {
	w := m.weights(tokens)
	if len(w) == 0 || m.Rank == 0 {
		return nil
	}
	v := make([]float64, m.Rank)
	for i, x := range w {
		for d, y := range m.Vec(i) {
			v[d] += x * float64(y)
		}
	}
	var n float64
	for _, x := range v {
		n += x * x
	}
	if n == 0 {
		return nil
	}
	n = math.Sqrt(n)
	out := make([]float32, m.Rank)
	for d, x := range v {
		out[d] = float32(x / n)
	}
	return out
}

// CosineEncoded is the cosine similarity of the unit vector q and a
// vector as EncodeUnit stored it, read in place: the stored scale cancels
// out. It is 0 for bytes of another length than 4 + len(q).
func CosineEncoded(q []float32, b []byte) float64 {
	if len(b) != 4+len(q) {
		return 0
	}
	var dot, norm float64
	for i, x := range b[4:] {
		v := float64(int8(x)) //nolint:gosec // the stored byte is the int8 component, reinterpreted
		dot += float64(q[i]) * v
		norm += v * v
	}
	if norm == 0 {
		return 0
	}
	return dot / math.Sqrt(norm)
}

// EncodeTerm stores a term vector in 4 + len(v) bytes: a float32 scale,
// then each value as a signed byte of that scale.
func EncodeTerm(v []float32) []byte {
	var peak float64
	for _, x := range v {
		peak = max(peak, math.Abs(float64(x)))
	}
	scale := float32(peak / 127)
	b := make([]byte, 4+len(v))
	binary.LittleEndian.PutUint32(b, math.Float32bits(scale))
	for i, x := range v {
		if scale > 0 {
			b[4+i] = byte(int8(math.Round(float64(x / scale)))) //nolint:gosec // the int8 component stored as its byte; |x/scale| ≤ 127
		}
	}
	return b
}

// DecodeTerm reads a vector of rank values written by EncodeTerm.
func DecodeTerm(b []byte, rank int) ([]float32, error) {
	if rank < 0 || len(b) != 4+rank {
		return nil, fmt.Errorf("latent term vector of %d bytes, want %d", len(b), 4+max(rank, 0))
	}
	scale := math.Float32frombits(binary.LittleEndian.Uint32(b))
	out := make([]float32, rank)
	for i := range out {
		out[i] = float32(int8(b[4+i])) * scale //nolint:gosec // the stored byte is the int8 component, reinterpreted
	}
	return out, nil
}

// EncodeUnit stores a unit vector as EncodeTerm does (its own scale
// keeps the small values of a long vector apart).
func EncodeUnit(v []float32) []byte { return EncodeTerm(v) }
