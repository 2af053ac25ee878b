package pageref

import (
	"hash/fnv"
	"slices"
	"strings"
	"unicode/utf8"
)

// A lookup that misses reads only the documents a page name can mean, not
// every document: the index keeps, for each document, the hashes of
// DocHashes (table document_name_variants), and a lookup reads the
// documents holding one of MatchProbes (for Match) or SuggestProbes (for
// Suggest). A hash that collides only adds a document Match or Suggest
// then turns down.

// MaxVariantRunes is how many runes of a name its one-letter deletions
// are made from: a longer name is cut there, so that a typo past it still
// finds the name (the cut names are equal) and a name stores at most
// MaxVariantRunes+1 variants.
const MaxVariantRunes = 20

// minWordRunes is how long a word of a page name must be for a document
// named by it to be suggested (as Suggest's "file name contained in the
// name").
const minWordRunes = 3

// maxProbeWords bounds the words of a name SuggestProbes looks up (a
// name may be a pasted paragraph).
const maxProbeWords = 32

// Hash is the stored form of a key: 64-bit FNV-1a, as a signed integer
// (SQLite's INTEGER).
func Hash(key string) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(key))
	return int64(h.Sum64()) //nolint:gosec // the bits as they are: a hash, not a quantity
}

// Prefixes keep the keys Match finds a document by apart from the spelling
// variants Suggest finds it by.
const (
	matchName  = "m\x00n\x00"
	matchText  = "m\x00t\x00"
	suggestKey = "s\x00"
)

// folds are the folds of Match's two passes.
var folds = []func(string) string{Fold, foldWidth}

// nameStem is the file name without Markdown extension of a folded path,
// which Match's path rules compare (equal paths, or equal without the
// extension, have equal stems).
func nameStem(p string) string {
	s := stripMarkdownExt(p)
	return s[strings.LastIndexByte(s, '/')+1:]
}

// DocHashes returns the hashes (Hash) a document is found by: the keys
// Match compares for it in each pass (the stem of its folded path, its
// folded title and aliases) and Suggest's spelling variants (the folded
// file name and title, each cut at MaxVariantRunes, with every one-letter
// deletion of them, and the folder names of its path), each once.
func DocHashes(path, title string, aliases []string) []int64 {
	keys := map[string]bool{}
	for _, f := range folds {
		keys[matchName+nameStem(f(path))] = true
		for _, t := range append([]string{title}, aliases...) {
			if t := f(t); t != "" {
				keys[matchText+t] = true
			}
		}
	}
	p := stripMarkdownExt(Fold(path))
	for _, name := range []string{nameStem(p), Fold(title)} {
		for _, v := range variants(name) {
			keys[suggestKey+v] = true
		}
	}
	if i := strings.LastIndexByte(p, '/'); i > 0 {
		for _, dir := range strings.Split(p[:i], "/") {
			keys[suggestKey+cut(dir)] = true
		}
	}
	return hashes(keys)
}

// MatchProbes returns the hashes of the keys a document Match(docs, key)
// finds must hold (see DocHashes): Match over the documents holding one
// of them answers as over every document.
func MatchProbes(key string) []int64 {
	keys := map[string]bool{}
	for _, f := range folds {
		k := f(key)
		keys[matchName+nameStem(k)] = true
		keys[matchText+k] = true
	}
	return hashes(keys)
}

// SuggestProbes returns the hashes of the spelling variants a document
// close to key holds (see DocHashes): the folded key without Markdown
// extension and its file name, each with its one-letter deletions (a name
// one edit away, the typo anywhere, shares one of them), and its words of
// at least three letters (a document named by one, or in a folder of
// that name).
func SuggestProbes(key string) []int64 {
	k := stripMarkdownExt(Fold(key))
	keys := map[string]bool{}
	for _, name := range []string{k, nameStem(k)} {
		for _, v := range variants(name) {
			keys[suggestKey+v] = true
		}
	}
	words := 0
	for _, w := range strings.FieldsFunc(k, isWordBreak) {
		if utf8.RuneCountInString(w) >= minWordRunes && words < maxProbeWords {
			keys[suggestKey+cut(w)] = true
			words++
		}
	}
	return hashes(keys)
}

// isWordBreak tells the characters between the words of a page name.
func isWordBreak(r rune) bool {
	switch r {
	case '/', '-', '_', ' ', '.', '#':
		return true
	}
	return false
}

// cut returns s up to MaxVariantRunes runes.
func cut(s string) string {
	n := 0
	for i := range s {
		if n == MaxVariantRunes {
			return s[:i]
		}
		n++
	}
	return s
}

// variants returns name cut at MaxVariantRunes and every one-letter
// deletion of it (none for an empty name).
func variants(name string) []string {
	c := cut(name)
	if c == "" {
		return nil
	}
	out := []string{c}
	for i := range c {
		_, size := utf8.DecodeRuneInString(c[i:])
		out = append(out, c[:i]+c[i+size:])
	}
	return out
}

// hashes returns the hashes of keys, in increasing order, each once.
func hashes(keys map[string]bool) []int64 {
	out := make([]int64, 0, len(keys))
	for k := range keys {
		out = append(out, Hash(k))
	}
	slices.Sort(out)
	return slices.Compact(out)
}
