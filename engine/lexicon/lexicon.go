// Package lexicon is ubp's built-in Japanese–English glossary, used to
// translate the Japanese words of a query into English search terms, so that
// a question asked in Japanese also finds English documents and the English
// words (identifiers, technical terms) inside Japanese ones, and to give
// Japanese words vectors in the static model's English space (package
// engine/embed/jagloss).
//
// The data (jaen.txt, about 7.3 MB) is generated from EDICT, the
// Japanese–English dictionary of the Electronic Dictionary Research and
// Development Group (CC BY-SA 3.0; see LICENSE-EDICT), by
// internal/lexicongen from Debian's edict package (make lexicon). Each line
// is a headword, a tab, and its senses separated by ';', the glosses of a
// sense by '|'; lines are sorted by headword. The text is embedded as it is
// and searched in place: a lookup is a binary search over byte offsets, so
// a process that looks up a few words reads a few pages of it and builds
// nothing (decompressing it cost 40–95 ms per process).
//
// It is a package of its own because it is data with a licence of its own,
// and because query parsing, the static embedding model and the eval
// tooling use it.
package lexicon

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"strings"
	"sync"
)

//go:embed jaen.txt
var data string

// Glossary looks up the English glosses of Japanese headwords.
type Glossary struct {
	text string // lines "headword\tsenses\n", sorted by headword

	countOnce sync.Once
	n         int
}

var builtin = &Glossary{text: data}

// Builtin returns the embedded glossary. It costs nothing: lookups search
// the embedded text in place. (Its order is checked by a test, not at run
// time.)
func Builtin() (*Glossary, error) { return builtin, nil }

// Parse reads a gzipped glossary in the format of jaen.txt. Lines must be
// sorted by headword.
func Parse(r io.Reader) (*Glossary, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	text, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	if err := checkSorted(text); err != nil {
		return nil, err
	}
	return &Glossary{text: string(text)}, nil
}

// checkSorted reports the first line without a headword and tab, or out of
// order.
func checkSorted(text []byte) error {
	var prev []byte
	for n, off := 1, 0; off < len(text); n++ {
		end := bytes.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text) - off
		}
		line := text[off : off+end]
		tab := bytes.IndexByte(line, '\t')
		if tab <= 0 {
			return fmt.Errorf("line %d: no headword and tab", n)
		}
		head := line[:tab]
		if prev != nil && bytes.Compare(head, prev) <= 0 {
			return fmt.Errorf("line %d: %q is out of order after %q", n, head, prev)
		}
		prev = head
		off += end + 1
	}
	return nil
}

// Len is the number of headwords.
func (g *Glossary) Len() int {
	g.countOnce.Do(func() {
		g.n = strings.Count(g.text, "\n")
		if g.text != "" && !strings.HasSuffix(g.text, "\n") {
			g.n++
		}
	})
	return g.n
}

// lineAt returns the line starting at offset s: its headword, its senses
// and the offset of the next line.
func (g *Glossary) lineAt(s int) (head, senses string, next int) {
	line := g.text[s:]
	next = len(g.text)
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line, next = line[:i], s+i+1
	}
	tab := strings.IndexByte(line, '\t')
	if tab < 0 {
		return line, "", next
	}
	return line[:tab], line[tab+1:], next
}

// Has reports whether word is a headword.
func (g *Glossary) Has(word string) bool {
	_, ok := g.find(word)
	return ok
}

// find returns the offset of word's line. It is a binary search over byte
// offsets: lo is always the start of a line whose predecessors all have
// smaller headwords, and the answer, if any, starts in [lo, hi] or at the
// first line start at or after hi.
func (g *Glossary) find(word string) (int, bool) {
	lo, hi := 0, len(g.text)
	for lo < hi {
		mid := lo + (hi-lo)/2
		// The first line start at or after mid.
		s := mid
		if s > 0 && g.text[s-1] != '\n' {
			i := strings.IndexByte(g.text[s:], '\n')
			if i < 0 {
				hi = mid
				continue
			}
			s += i + 1
		}
		if s >= hi {
			hi = mid
			continue
		}
		head, _, next := g.lineAt(s)
		if head < word {
			lo = next
		} else {
			hi = s
		}
	}
	if lo < len(g.text) {
		if head, _, _ := g.lineAt(lo); head == word {
			return lo, true
		}
	}
	return 0, false
}

// Senses returns the glosses of word, sense by sense, most common sense
// first; nil when word is not a headword.
func (g *Glossary) Senses(word string) [][]string {
	s, ok := g.find(word)
	if !ok {
		return nil
	}
	_, raw, _ := g.lineAt(s)
	var out [][]string
	for _, sense := range strings.Split(raw, ";") {
		out = append(out, strings.Split(sense, "|"))
	}
	return out
}

// MayHaveJapanese reports whether text has a character the glossary could
// say something about: anything from U+2E80 up (CJK radicals, kana, kanji,
// their compatibility and half-width forms, which normalisation may turn
// into kana or kanji). Text without one needs no glossary, so callers skip
// looking words up for English-only text.
func MayHaveJapanese(text string) bool {
	for _, r := range text {
		if r >= 0x2E80 {
			return true
		}
	}
	return false
}

// Fingerprint names the built-in glossary's data (a CRC-32 of the embedded
// text, 8 hex digits), so that what is derived from it, such as stored
// vectors, can tell when it changed. internal/lexicongen writes it beside
// the data (fingerprint.go) and a test checks the two agree, so a process
// does not read the whole glossary to name it (it cost 5–11 ms per
// process, most of a Japanese query's glossary cost).
func Fingerprint() string { return dataFingerprint }
