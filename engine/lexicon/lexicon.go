// Package lexicon is ubp's built-in Japanese–English glossary, used to
// translate the Japanese words of a query into English search terms, so that
// a question asked in Japanese also finds English documents and the English
// words (identifiers, technical terms) inside Japanese ones, and to give
// Japanese words vectors in the static model's English space (package
// engine/embed/jagloss).
//
// The data (jaen.txt.gz, about 2.7 MB) is generated from EDICT, the
// Japanese–English dictionary of the Electronic Dictionary Research and
// Development Group (CC BY-SA 3.0; see LICENSE-EDICT), by ./gen from
// Debian's edict package (make lexicon). Each line is a headword, a tab, and
// its senses separated by ';', the glosses of a sense by '|'; lines are
// sorted by headword so a lookup is a binary search over the decompressed
// text, with no map to build.
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
	"hash/crc32"
	"io"
	"sort"
	"strings"
	"sync"
)

//go:embed jaen.txt.gz
var compressed []byte

// Glossary looks up the English glosses of Japanese headwords.
type Glossary struct {
	text  []byte
	lines []int32 // start offset of each line
}

var (
	loadOnce sync.Once
	builtin  *Glossary
	loadErr  error
)

// Builtin returns the embedded glossary, decompressed on first use (about
// 40 ms).
func Builtin() (*Glossary, error) {
	loadOnce.Do(func() {
		builtin, loadErr = Parse(bytes.NewReader(compressed))
		if loadErr != nil {
			loadErr = fmt.Errorf("load the built-in Japanese–English glossary: %w", loadErr)
		}
	})
	return builtin, loadErr
}

// Parse reads a gzipped glossary (the format of jaen.txt.gz). Lines must be
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
	g := &Glossary{text: text, lines: make([]int32, 0, bytes.Count(text, []byte{'\n'}))}
	var prev []byte
	for off := 0; off < len(text); {
		end := bytes.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text) - off
		}
		line := text[off : off+end]
		tab := bytes.IndexByte(line, '\t')
		if tab <= 0 {
			return nil, fmt.Errorf("line %d: no headword and tab", len(g.lines)+1)
		}
		head := line[:tab]
		if prev != nil && bytes.Compare(head, prev) <= 0 {
			return nil, fmt.Errorf("line %d: %q is out of order after %q", len(g.lines)+1, head, prev)
		}
		prev = head
		g.lines = append(g.lines, int32(off))
		off += end + 1
	}
	return g, nil
}

// Len is the number of headwords.
func (g *Glossary) Len() int { return len(g.lines) }

func (g *Glossary) line(i int) (head, senses []byte) {
	start := int(g.lines[i])
	end := len(g.text)
	if i+1 < len(g.lines) {
		end = int(g.lines[i+1]) - 1
	}
	line := bytes.TrimSuffix(g.text[start:end], []byte{'\n'})
	tab := bytes.IndexByte(line, '\t')
	return line[:tab], line[tab+1:]
}

// Has reports whether word is a headword.
func (g *Glossary) Has(word string) bool {
	_, ok := g.find(word)
	return ok
}

func (g *Glossary) find(word string) (int, bool) {
	i := sort.Search(len(g.lines), func(i int) bool {
		h, _ := g.line(i)
		return string(h) >= word
	})
	if i < len(g.lines) {
		if h, _ := g.line(i); string(h) == word {
			return i, true
		}
	}
	return 0, false
}

// Senses returns the glosses of word, sense by sense, most common sense
// first; nil when word is not a headword.
func (g *Glossary) Senses(word string) [][]string {
	i, ok := g.find(word)
	if !ok {
		return nil
	}
	_, raw := g.line(i)
	var out [][]string
	for _, s := range strings.Split(string(raw), ";") {
		out = append(out, strings.Split(s, "|"))
	}
	return out
}

// MayHaveJapanese reports whether text has a character the glossary could
// say something about: anything from U+2E80 up (CJK radicals, kana, kanji,
// their compatibility and half-width forms, which normalisation may turn
// into kana or kanji). Text without one needs no glossary, so callers skip
// loading it (Builtin decompresses 2.7 MB) for English-only text.
func MayHaveJapanese(text string) bool {
	for _, r := range text {
		if r >= 0x2E80 {
			return true
		}
	}
	return false
}

// Fingerprint names the built-in glossary's data (a CRC-32 of the embedded
// file, 8 hex digits), so that what is derived from it, such as stored
// vectors, can tell when it changed.
func Fingerprint() string {
	return fmt.Sprintf("%08x", crc32.ChecksumIEEE(compressed))
}
