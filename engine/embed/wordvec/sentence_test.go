package wordvec

import (
	"math"
	"testing"
)

func TestSentenceMatchesEmbed(t *testing.T) {
	m := testModel(t)
	for _, text := range []string{"hybrid search of the file", "snake_case cache", "", "日本語だけ"} {
		t.Run(text, func(t *testing.T) {
			s := m.NewSentence()
			s.AddText(text)
			got, want := s.Vector(), m.Embed(text)
			if (got == nil) != (want == nil) {
				t.Fatalf("%q: Sentence vector %v, Embed %v", text, got, want)
			}
			if got != nil && Cosine(got, want) < 0.9999 {
				t.Errorf("%q: cosine %f between Sentence and Embed", text, Cosine(got, want))
			}
		})
	}
}

func TestSentenceAdd(t *testing.T) {
	m := testModel(t)
	v, _, _ := m.Lookup("search")
	s := m.NewSentence()
	if s.Vector() != nil || s.Known() != 0 {
		t.Fatal("an empty sentence has a vector")
	}
	s.Add(v, 0.5)
	s.Add([]float32{1, 2}, 1) // wrong length: ignored
	if s.Known() != 1 {
		t.Fatalf("Known %d, want 1", s.Known())
	}
	got := s.Vector()
	if c := Cosine(got, v); c < 0.9999 {
		t.Errorf("one added vector: cosine %f to it, want 1", c)
	}
	var norm float64
	for _, x := range got {
		norm += float64(x) * float64(x)
	}
	if math.Abs(norm-1) > 1e-5 {
		t.Errorf("norm² %f, want 1", norm)
	}
	// Vector returns a copy: adding more does not change it.
	w, _, _ := m.Lookup("file")
	s.Add(w, 1)
	if c := Cosine(got, v); c < 0.9999 {
		t.Error("Vector shares memory with the sentence")
	}
}

func TestPhraseVector(t *testing.T) {
	// "the" keeps rank 1; every other word ranks past minPhraseRank.
	entries := testEntries(8)
	for i := 1; i < len(entries); i++ {
		entries[i].Rank = minPhraseRank + 3*i
	}
	entries[1].Rank = 2 // "of"
	m, err := Parse(encode(t, 8, 1000, entries))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		phrase string
		ok     bool
		like   string // the phrase's vector equals this word's
	}{
		{"search", true, "search"},
		{"the search", true, "search"}, // rank 1 "the" is left out
		{"of the", false, ""},          // only words among the 150 most frequent
		{"unknownword", false, ""},
		{"", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.phrase, func(t *testing.T) {
			v, w, ok := m.PhraseVector(tt.phrase)
			if ok != tt.ok {
				t.Errorf("%q: ok %v, want %v", tt.phrase, ok, tt.ok)
				return
			}
			if !ok {
				if v != nil || w != 0 {
					t.Errorf("%q: not ok but vector %v weight %f", tt.phrase, v, w)
				}
				return
			}
			want, rank, _ := m.Lookup(tt.like)
			if c := Cosine(v, want); c < 0.9999 {
				t.Errorf("%q: cosine %f to %q", tt.phrase, c, tt.like)
			}
			if ww := sifWeight(rank, m.harmonic); math.Abs(float64(w-ww)) > 1e-6 {
				t.Errorf("%q: weight %f, want %q's SIF weight %f", tt.phrase, w, tt.like, ww)
			}
		})
	}
}
