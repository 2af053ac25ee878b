package wordvec

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
)

// The word-vector file format, version 1. All integers and floats are
// little-endian; every section follows the previous one without padding.
//
//	Header (48 bytes)
//	  0  [8]byte  magic "UBPWVEC1"
//	  8  uint32   format version (1)
//	  12 uint32   dims: vector length (1..4096)
//	  16 uint32   count: number of words in the file
//	  20 uint32   source vocabulary: words in the list the file was cut from
//	              (the Zipf estimate of word probability needs it)
//	  24 uint32   slots: size of the hash table, a power of two ≥ 2·count
//	  28 uint32   word bytes: length of the words blob
//	  32 uint32   CRC-32C (Castagnoli) of every byte after the header
//	  36 [12]byte reserved, zero
//	Body
//	  offsets uint32[count+1]  word i is blob[offsets[i]:offsets[i+1]]
//	  ranks   uint32[count]    1-based frequency rank of word i in the source
//	                           list; strictly increasing (words are stored
//	                           most frequent first)
//	  scales  float32[count]   word i's vector is scales[i] × its int8 row
//	  table   uint32[slots]    open addressing: word w starts probing at
//	                           FNV-1a-32(w) & (slots-1) and moves on by one
//	                           (wrapping); a slot holds i+1 for word i, 0 if
//	                           empty
//	  blob    [word bytes]     the words, UTF-8, lower case, concatenated
//	  vectors int8[count×dims] row i is word i, quantised as
//	                           round(v/scale), scale = max|v|/127
//
// The layout is read in place (no per-word allocation): loading checks the
// header, the CRC and the structure, in about a millisecond for 100k words.
const (
	magic         = "UBPWVEC1"
	formatVersion = 1
	headerSize    = 48
	maxDims       = 4096
)

// Entry is one word of a model being written.
type Entry struct {
	Word   string
	Rank   int       // 1-based frequency rank in the source list
	Vector []float32 // len = dims
}

// Encode writes a model file holding entries, which must be in increasing
// Rank order with distinct, non-empty words and vectors of length dims.
// sourceVocab is the size of the list the entries were taken from. Words
// whose vector is all zeros cannot be quantised and are an error.
func Encode(w io.Writer, dims, sourceVocab int, entries []Entry) error {
	if dims < 1 || dims > maxDims {
		return fmt.Errorf("encode word vectors: dims %d out of range 1..%d", dims, maxDims)
	}
	if len(entries) == 0 {
		return errors.New("encode word vectors: no words")
	}
	if sourceVocab < len(entries) {
		return fmt.Errorf("encode word vectors: source vocabulary %d is smaller than the %d words kept", sourceVocab, len(entries))
	}
	n := len(entries)
	slots := 1
	for slots < 2*n {
		slots <<= 1
	}
	var (
		offsets = make([]uint32, 0, n+1)
		ranks   = make([]uint32, 0, n)
		scales  = make([]float32, 0, n)
		table   = make([]uint32, slots)
		blob    bytes.Buffer
		vectors = make([]byte, 0, n*dims)
	)
	seen := make(map[string]bool, n)
	prevRank := 0
	for i, e := range entries {
		switch {
		case e.Word == "":
			return fmt.Errorf("encode word vectors: entry %d has an empty word", i)
		case seen[e.Word]:
			return fmt.Errorf("encode word vectors: word %q appears twice", e.Word)
		case e.Rank <= prevRank || e.Rank > sourceVocab:
			return fmt.Errorf("encode word vectors: word %q has rank %d; ranks must increase and stay within 1..%d", e.Word, e.Rank, sourceVocab)
		case len(e.Vector) != dims:
			return fmt.Errorf("encode word vectors: word %q has %d dimensions, want %d", e.Word, len(e.Vector), dims)
		}
		seen[e.Word] = true
		prevRank = e.Rank
		scale, q, err := quantise(e.Vector)
		if err != nil {
			return fmt.Errorf("encode word vectors: word %q: %w", e.Word, err)
		}
		offsets = append(offsets, uint32(blob.Len()))
		blob.WriteString(e.Word)
		ranks = append(ranks, uint32(e.Rank))
		scales = append(scales, scale)
		for _, v := range q {
			vectors = append(vectors, byte(v))
		}
		for s := fnv32(e.Word) & uint32(slots-1); ; s = (s + 1) & uint32(slots-1) {
			if table[s] == 0 {
				table[s] = uint32(i + 1)
				break
			}
		}
	}
	offsets = append(offsets, uint32(blob.Len()))

	var body bytes.Buffer
	for _, part := range []any{offsets, ranks, scales, table} {
		if err := binary.Write(&body, binary.LittleEndian, part); err != nil {
			return fmt.Errorf("encode word vectors: %w", err)
		}
	}
	body.Write(blob.Bytes())
	body.Write(vectors)

	hdr := make([]byte, headerSize)
	copy(hdr, magic)
	le := binary.LittleEndian
	le.PutUint32(hdr[8:], formatVersion)
	le.PutUint32(hdr[12:], uint32(dims))
	le.PutUint32(hdr[16:], uint32(n))
	le.PutUint32(hdr[20:], uint32(sourceVocab))
	le.PutUint32(hdr[24:], uint32(slots))
	le.PutUint32(hdr[28:], uint32(blob.Len()))
	le.PutUint32(hdr[32:], crc32.Checksum(body.Bytes(), castagnoli))
	if _, err := w.Write(hdr); err != nil {
		return fmt.Errorf("encode word vectors: %w", err)
	}
	if _, err := w.Write(body.Bytes()); err != nil {
		return fmt.Errorf("encode word vectors: %w", err)
	}
	return nil
}

// quantise maps v to int8 with one scale: q = round(v/scale), scale =
// max|v|/127, so the largest component is exactly ±127.
func quantise(v []float32) (float32, []int8, error) {
	var maxAbs float64
	for _, x := range v {
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, nil, errors.New("vector has a NaN or infinite component")
		}
		maxAbs = math.Max(maxAbs, math.Abs(f))
	}
	if maxAbs == 0 {
		return 0, nil, errors.New("vector is all zeros")
	}
	scale := maxAbs / 127
	q := make([]int8, len(v))
	for i, x := range v {
		r := math.Round(float64(x) / scale)
		q[i] = int8(max(-127, min(127, r)))
	}
	return float32(scale), q, nil
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// checksum is the CRC-32C of s, computed through a small buffer so a
// multi-megabyte string is never copied whole.
func checksum(s string) uint32 {
	var buf [32 << 10]byte
	crc := uint32(0)
	for len(s) > 0 {
		n := copy(buf[:], s)
		crc = crc32.Update(crc, castagnoli, buf[:n])
		s = s[n:]
	}
	return crc
}

// fnv32 is FNV-1a, 32 bit, over the bytes of s.
func fnv32[T string | []byte](s T) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// u32 reads the little-endian uint32 at s[i:i+4].
func u32(s string, i int) uint32 {
	_ = s[i+3]
	return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
}

// Parse reads a model in the format above, checking its checksum and
// structure. data is kept, not copied: pass the contents of a file read
// once (for the model compiled into the binary, ParseEmbedded).
func Parse(data string) (*Model, error) { return parse(data, true) }

// ParseEmbedded is Parse for a model compiled into the binary, whose
// checksum a test verifies with Parse: it checks the header and the
// structure but does not read every byte to checksum them, which cost
// about 12 ms of every process that embeds text.
func ParseEmbedded(data string) (*Model, error) { return parse(data, false) }

func parse(data string, verifySum bool) (*Model, error) {
	if len(data) < headerSize || data[:8] != magic {
		return nil, errors.New("word vectors: not a ubp word-vector file (bad magic)")
	}
	if v := u32(data, 8); v != formatVersion {
		return nil, fmt.Errorf("word vectors: format version %d, this ubp reads version %d", v, formatVersion)
	}
	dims := int(u32(data, 12))
	count := int(u32(data, 16))
	vocab := int(u32(data, 20))
	slots := int(u32(data, 24))
	wordBytes := int(u32(data, 28))
	sum := u32(data, 32)
	switch {
	case dims < 1 || dims > maxDims:
		return nil, fmt.Errorf("word vectors: dims %d out of range 1..%d", dims, maxDims)
	case count < 1 || vocab < count:
		return nil, fmt.Errorf("word vectors: %d words from a vocabulary of %d", count, vocab)
	case slots < 2*count || slots&(slots-1) != 0:
		return nil, fmt.Errorf("word vectors: hash table of %d slots for %d words", slots, count)
	}
	m := &Model{data: data, dims: dims, count: count, vocab: vocab, slotMask: uint32(slots - 1)}
	m.offsets = headerSize
	m.ranks = m.offsets + 4*(count+1)
	m.scales = m.ranks + 4*count
	m.table = m.scales + 4*count
	m.words = m.table + 4*slots
	m.vectors = m.words + wordBytes
	if want := int64(m.vectors) + int64(count)*int64(dims); int64(len(data)) != want {
		return nil, fmt.Errorf("word vectors: file is %d bytes, its header describes %d", len(data), want)
	}
	if verifySum {
		if got := checksum(data[headerSize:]); got != sum {
			return nil, fmt.Errorf("word vectors: checksum mismatch (file %08x, computed %08x): the file is corrupt; regenerate it with `make model`", sum, got)
		}
	}
	if err := m.check(wordBytes, slots); err != nil {
		return nil, fmt.Errorf("word vectors: %w", err)
	}
	m.harmonic = harmonic(vocab)
	return m, nil
}

// check verifies the structure a correct checksum does not prove: offsets
// in order and in bounds, increasing ranks, usable scales and a hash table
// whose entries name words.
func (m *Model) check(wordBytes, slots int) error {
	prev := uint32(0)
	for i := 0; i <= m.count; i++ {
		off := u32(m.data, m.offsets+4*i)
		if off < prev || int(off) > wordBytes || (i == 0 && off != 0) {
			return fmt.Errorf("word offset %d (%d) out of order or past the %d-byte word list", i, off, wordBytes)
		}
		if i > 0 && off == prev {
			return fmt.Errorf("word %d is empty", i-1)
		}
		prev = off
	}
	if int(prev) != wordBytes {
		return fmt.Errorf("words end at byte %d of a %d-byte list", prev, wordBytes)
	}
	prevRank := 0
	for i := 0; i < m.count; i++ {
		r := m.rank(i)
		if r <= prevRank || r > m.vocab {
			return fmt.Errorf("word %d has rank %d after %d (vocabulary %d)", i, r, prevRank, m.vocab)
		}
		prevRank = r
		if s := m.scale(i); !(s > 0) || math.IsInf(float64(s), 0) {
			return fmt.Errorf("word %d has scale %v", i, s)
		}
	}
	used := 0
	for s := 0; s < slots; s++ {
		v := u32(m.data, m.table+4*s)
		if int(v) > m.count {
			return fmt.Errorf("hash slot %d names word %d of %d", s, v, m.count)
		}
		if v != 0 {
			used++
		}
	}
	if used != m.count {
		return fmt.Errorf("hash table holds %d words, file has %d", used, m.count)
	}
	return nil
}
