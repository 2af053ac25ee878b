package wordvec

import (
	"fmt"
	"math"
)

// Model is a read-only table of quantised word vectors (see format.go). It
// is safe for concurrent use.
type Model struct {
	data     string
	dims     int
	count    int
	vocab    int
	slotMask uint32
	harmonic float64 // H_V, see sif.go
	// byte offsets of the body sections in data
	offsets, ranks, scales, table, words, vectors int
}

// Dims is the length of every vector.
func (m *Model) Dims() int { return m.dims }

// Len is the number of words.
func (m *Model) Len() int { return m.count }

// Fingerprint names this model's data and the sentence algorithm, for
// example "100d-100k-int8-sif1-0a1b2c3d" (dims, words, quantisation, SIF
// version, checksum of the data): it changes whenever either would give
// different vectors, so that stored vectors get recomputed.
func (m *Model) Fingerprint() string {
	return fmt.Sprintf("%dd-%dk-int8-sif%d-%08x",
		m.dims, (m.count+500)/1000, sifVersion, u32(m.data, 32))
}

// word returns word i.
func (m *Model) word(i int) string {
	a := u32(m.data, m.offsets+4*i)
	b := u32(m.data, m.offsets+4*i+4)
	return m.data[m.words+int(a) : m.words+int(b)]
}

// rank returns the 1-based frequency rank of word i in the source list.
func (m *Model) rank(i int) int { return int(u32(m.data, m.ranks+4*i)) }

// scale returns the dequantisation factor of word i.
func (m *Model) scale(i int) float32 {
	return math.Float32frombits(u32(m.data, m.scales+4*i))
}

// lookup returns the index of word w, or -1. It does not allocate.
func (m *Model) lookup(w []byte) int {
	for s := fnv32(w) & m.slotMask; ; s = (s + 1) & m.slotMask {
		v := u32(m.data, m.table+4*int(s))
		if v == 0 {
			return -1
		}
		if m.word(int(v-1)) == string(w) {
			return int(v - 1)
		}
	}
}

// Lookup returns word's dequantised vector and frequency rank, or ok=false
// when the model does not know the exact word.
func (m *Model) Lookup(word string) (vec []float32, rank int, ok bool) {
	i := m.lookup([]byte(word))
	if i < 0 {
		return nil, 0, false
	}
	vec = make([]float32, m.dims)
	m.addScaled(vec, i, 1)
	return vec, m.rank(i), true
}

// addScaled adds w × vector(i) to acc.
func (m *Model) addScaled(acc []float32, i int, w float32) {
	f := w * m.scale(i)
	row := m.data[m.vectors+i*m.dims : m.vectors+(i+1)*m.dims]
	for d := range acc {
		acc[d] += f * float32(int8(row[d])) //nolint:gosec // the stored byte is the int8 component, reinterpreted
	}
}
