package lexicon

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"hash/crc32"
	"reflect"
	"strings"
	"testing"
)

func gz(t *testing.T, text string) *bytes.Reader {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b.Bytes())
}

func TestBuiltinLookups(t *testing.T) {
	g, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if g.Len() < 100000 {
		t.Errorf("built-in glossary has %d headwords, want over 100,000", g.Len())
	}
	tests := []struct {
		word string
		want []string // glosses that must appear in some sense
	}{
		{"古い", []string{"old", "stale", "outmoded"}},
		{"陳腐化", []string{"obsolescence"}},
		{"依存関係", []string{"dependency"}},
		{"データベース", []string{"database"}},
		{"精度", []string{"precision", "accuracy"}},
		{"仕組み", []string{"mechanism"}},
	}
	for _, tt := range tests {
		t.Run(tt.word, func(t *testing.T) {
			senses := g.Senses(tt.word)
			if !g.Has(tt.word) || len(senses) == 0 {
				t.Errorf("%s: not a headword", tt.word)
				return
			}
			all := map[string]bool{}
			for _, s := range senses {
				for _, x := range s {
					all[x] = true
				}
			}
			for _, w := range tt.want {
				if !all[w] {
					t.Errorf("%s: glosses %q lack %q", tt.word, senses, w)
				}
			}
		})
	}
	for _, w := range []string{"", "ubp", "の", "存在しない語彙"} {
		if g.Has(w) || g.Senses(w) != nil {
			t.Errorf("%q is a headword", w)
		}
	}
}

func TestParse(t *testing.T) {
	g, err := Parse(gz(t, "古い\told|aged;stale\n文書\tdocument\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Senses("古い"); !reflect.DeepEqual(got, [][]string{{"old", "aged"}, {"stale"}}) {
		t.Errorf("Senses(古い) = %q", got)
	}
	if got := g.Senses("文書"); !reflect.DeepEqual(got, [][]string{{"document"}}) {
		t.Errorf("Senses(文書) = %q", got)
	}
	if g.Len() != 2 {
		t.Errorf("Len = %d", g.Len())
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"out of order", "文書\tdocument\n古い\told\n", "line 2"},
		{"duplicate", "古い\told\n古い\tstale\n", "line 2"},
		{"no tab", "古い old\n", "line 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(gz(t, tt.text))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: err = %v, want one naming %q", tt.name, err, tt.want)
			}
		})
	}
	if _, err := Parse(bytes.NewReader([]byte("not gzip"))); err == nil {
		t.Error("Parse accepted data that is not gzip")
	}
}

// TestBuiltinIsSorted: the embedded text is in the order find's binary
// search needs (Builtin does not check it at run time).
func TestBuiltinIsSorted(t *testing.T) {
	if err := checkSorted([]byte(data)); err != nil {
		t.Fatalf("jaen.txt: %v (regenerate it with make lexicon)", err)
	}
}

// TestFindMatchesLinearScan: the in-place binary search finds every
// headword of the built-in glossary at its line, and nothing for words
// between, before or after them.
func TestFindMatchesLinearScan(t *testing.T) {
	g, _ := Builtin()
	checked := 0
	for off := 0; off < len(data); {
		head, _, next := g.lineAt(off)
		if checked%97 == 0 || next == len(data) || off == 0 {
			if got, ok := g.find(head); !ok || got != off {
				t.Fatalf("find(%q) = %d, %v; want %d", head, got, ok, off)
			}
			// A word just after this headword in byte order is none.
			if _, ok := g.find(head + "\x00"); ok {
				t.Fatalf("find(%q) found a line", head+"\x00")
			}
		}
		checked++
		off = next
	}
	if checked != g.Len() {
		t.Errorf("walked %d lines, Len %d", checked, g.Len())
	}
	for _, w := range []string{"", "\x00", "\U0010ffff", "zzzz"} {
		if _, ok := g.find(w); ok {
			t.Errorf("find(%q) found a line", w)
		}
	}
}

func BenchmarkSenses(b *testing.B) {
	g, err := Builtin()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		g.Senses("依存関係")
	}
}

func TestMayHaveJapanese(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"", false},
		{"how does the cache retry requests", false},
		{"café – naïve “quotes” → arrows", false},
		{"検索", true},
		{"ひらがな", true},
		{"カタカナ", true},
		{"ｶﾀｶﾅ half-width", true},
		{"㍿ square", true},
		{"cache の retry", true},
	} {
		t.Run(tc.text, func(t *testing.T) {
			if got := MayHaveJapanese(tc.text); got != tc.want {
				t.Errorf("MayHaveJapanese(%q) = %v, want %v", tc.text, got, tc.want)
			}
		})
	}
}

// The fingerprint written beside the glossary (fingerprint.go) is the
// CRC-32 of the embedded text: a glossary changed without `make lexicon`
// would otherwise keep the old name, and vectors made from the old one
// would not be redone.
func TestFingerprintIsTheDataChecksum(t *testing.T) {
	if got, want := Fingerprint(), fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(data))); got != want {
		t.Fatalf("Fingerprint() = %s, the embedded jaen.txt has CRC-32 %s: regenerate both with `make lexicon`", got, want)
	}
}
