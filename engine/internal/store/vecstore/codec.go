package vecstore

import (
	"encoding/binary"
	"fmt"
	"math"
)

// encodeVector is v as little-endian float32 bytes, the BLOB format of
// section_embeddings.vector and of sqlite-vec.
func encodeVector(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// decodeVector reverses encodeVector; want is the expected length (-1 for
// any).
func decodeVector(b []byte, want int) ([]float32, error) {
	if len(b)%4 != 0 || (want >= 0 && len(b) != 4*want) {
		return nil, fmt.Errorf("vector blob of %d bytes, want %d float32s", len(b), want)
	}
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v, nil
}

// decodeInto is decodeVector into v, for a vector of len(v) values.
func decodeInto(v []float32, b []byte) error {
	if len(b) != 4*len(v) {
		return fmt.Errorf("vector blob of %d bytes, want %d float32s", len(b), len(v))
	}
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return nil
}
