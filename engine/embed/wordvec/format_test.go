package wordvec

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"
)

func TestEncodeParseRoundTrip(t *testing.T) {
	entries := testEntries(8)
	m, err := Parse(encode(t, 8, 1000, entries))
	if err != nil {
		t.Fatal(err)
	}
	if m.Dims() != 8 || m.Len() != len(entries) {
		t.Fatalf("dims %d len %d, want 8 and %d", m.Dims(), m.Len(), len(entries))
	}
	for _, e := range entries {
		v, rank, ok := m.Lookup(e.Word)
		if !ok {
			t.Fatalf("Lookup(%q) missing", e.Word)
		}
		if rank != e.Rank {
			t.Errorf("Lookup(%q) rank %d, want %d", e.Word, rank, e.Rank)
		}
		if c := Cosine(v, e.Vector); c < 0.999 {
			t.Errorf("Lookup(%q) cosine to original %.5f, want ≥ 0.999", e.Word, c)
		}
		// Quantisation keeps the largest component exact.
		var maxAbs, got float64
		for d, x := range e.Vector {
			if math.Abs(float64(x)) > maxAbs {
				maxAbs, got = math.Abs(float64(x)), math.Abs(float64(v[d]))
			}
		}
		if math.Abs(got-maxAbs) > 1e-5*maxAbs {
			t.Errorf("Lookup(%q) largest component %v, want %v", e.Word, got, maxAbs)
		}
	}
	for _, w := range []string{"", "unknown", "The", "searc", "searches"} {
		if _, _, ok := m.Lookup(w); ok {
			t.Errorf("Lookup(%q) found a word that is not in the model", w)
		}
	}
	if fp := m.Fingerprint(); !strings.HasPrefix(fp, "8d-0k-int8-sif1-") {
		t.Errorf("Fingerprint %q", fp)
	}
}

func TestFingerprintChangesWithData(t *testing.T) {
	a := testEntries(8)
	b := testEntries(8)
	b[3].Vector[0]++
	ma, err := Parse(encode(t, 8, 1000, a))
	if err != nil {
		t.Fatal(err)
	}
	mb, err := Parse(encode(t, 8, 1000, b))
	if err != nil {
		t.Fatal(err)
	}
	if ma.Fingerprint() == mb.Fingerprint() {
		t.Fatalf("two different models share fingerprint %s", ma.Fingerprint())
	}
}

func TestEncodeRejects(t *testing.T) {
	good := testEntries(4)
	with := func(f func(es []Entry) []Entry) []Entry {
		es := append([]Entry(nil), good...)
		return f(es)
	}
	tests := []struct {
		name    string
		dims    int
		vocab   int
		entries []Entry
		want    string
	}{
		{"no words", 4, 10, nil, "no words"},
		{"dims zero", 0, 1000, good, "dims 0"},
		{"dims huge", 5000, 1000, good, "dims 5000"},
		{"vocab too small", 4, 3, good, "source vocabulary 3"},
		{"empty word", 4, 1000, with(func(es []Entry) []Entry { es[2].Word = ""; return es }), "empty word"},
		{"duplicate", 4, 1000, with(func(es []Entry) []Entry { es[2].Word = "the"; return es }), "appears twice"},
		{"rank order", 4, 1000, with(func(es []Entry) []Entry { es[2].Rank = 1; return es }), "ranks must increase"},
		{"rank past vocab", 4, 1000, with(func(es []Entry) []Entry { es[len(es)-1].Rank = 5000; return es }), "ranks must increase"},
		{"wrong length", 4, 1000, with(func(es []Entry) []Entry { es[1].Vector = []float32{1}; return es }), "1 dimensions, want 4"},
		{"zero vector", 4, 1000, with(func(es []Entry) []Entry { es[1].Vector = make([]float32, 4); return es }), "all zeros"},
		{"nan", 4, 1000, with(func(es []Entry) []Entry {
			es[1].Vector = []float32{1, float32(math.NaN()), 0, 0}
			return es
		}), "NaN"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			err := Encode(&b, tc.dims, tc.vocab, tc.entries)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Encode error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// reseal recomputes the checksum after a test edits the body.
func reseal(b []byte) string {
	binary.LittleEndian.PutUint32(b[32:], checksum(string(b[headerSize:])))
	return string(b)
}

func TestParseRejectsDamage(t *testing.T) {
	good := encode(t, 8, 1000, testEntries(8))
	n := len(vocab)
	offsets := headerSize
	ranks := offsets + 4*(n+1)
	scales := ranks + 4*n
	table := scales + 4*n
	edit := func(f func(b []byte)) string {
		b := []byte(good)
		f(b)
		return string(b)
	}
	editSealed := func(f func(b []byte)) string {
		b := []byte(good)
		f(b)
		return reseal(b)
	}
	put := func(b []byte, at int, v uint32) { binary.LittleEndian.PutUint32(b[at:], v) }
	tests := []struct {
		name string
		data string
		want string
	}{
		{"empty", "", "bad magic"},
		{"short", good[:20], "bad magic"},
		{"magic", edit(func(b []byte) { b[0] = 'X' }), "bad magic"},
		{"version", edit(func(b []byte) { put(b, 8, 2) }), "format version 2"},
		{"dims", edit(func(b []byte) { put(b, 12, 0) }), "dims 0"},
		{"count", edit(func(b []byte) { put(b, 16, 0) }), "0 words"},
		{"vocab", edit(func(b []byte) { put(b, 20, 5) }), "vocabulary of 5"},
		{"slots not power of two", edit(func(b []byte) { put(b, 24, 63) }), "hash table"},
		{"truncated", good[:len(good)-1], "header describes"},
		{"trailing", good + "x", "header describes"},
		{"flipped byte", edit(func(b []byte) { b[len(b)-3] ^= 0x40 }), "checksum mismatch"},
		{"offsets out of order", editSealed(func(b []byte) { put(b, offsets+8, 1) }), "out of order"},
		{"empty word", editSealed(func(b []byte) { put(b, offsets+8, binary.LittleEndian.Uint32(b[offsets+4:])) }), "is empty"},
		{"rank order", editSealed(func(b []byte) { put(b, ranks+8, 1) }), "rank"},
		{"scale zero", editSealed(func(b []byte) { put(b, scales+4, 0) }), "scale"},
		{"scale nan", editSealed(func(b []byte) { put(b, scales+4, math.Float32bits(float32(math.NaN()))) }), "scale"},
		{"slot names missing word", editSealed(func(b []byte) {
			for s := table; ; s += 4 {
				if binary.LittleEndian.Uint32(b[s:]) == 0 {
					put(b, s, uint32(n+5))
					return
				}
			}
		}), "names word"},
		{"slot lost", editSealed(func(b []byte) {
			for s := table; ; s += 4 {
				if binary.LittleEndian.Uint32(b[s:]) != 0 {
					put(b, s, 0)
					return
				}
			}
		}), "hash table holds"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse(tc.data)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Parse error %v (model %v), want one containing %q", err, m != nil, tc.want)
			}
			// ParseEmbedded skips only the checksum: every other
			// fault is still refused.
			if m, err := ParseEmbedded(tc.data); tc.want != "checksum mismatch" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("ParseEmbedded error %v (model %v), want one containing %q", err, m != nil, tc.want)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add(encode(f, 4, 100, testEntries(4)))
	f.Add("UBPWVEC1")
	f.Fuzz(func(t *testing.T, data string) {
		m, err := Parse(data)
		if err != nil {
			return
		}
		// A model that parses must answer without panicking.
		for _, w := range vocab {
			m.Lookup(w)
		}
		m.Embed("hybrid search over the full-text index")
	})
}
