package pageref

import (
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// A page name that no rule resolves is matched (Match) and answered with
// the closest paths (Suggest) over the documents it can mean or is close
// to, read through the index's document keys (graph.DocKeys: the file
// name without extension, the title and the aliases, folded for case and
// width), not over every document: MatchKeys are the keys a document
// Match finds holds one of, and Near what a bounded read of the keys
// near a name looks up.

// ReversedMark starts the reversed form of a document key (Reversed),
// stored beside the key so that the keys ending like a name are neighbours
// in key order as those starting like it are: a name one typo from a
// document's shares the first half of its key, or the last.
const ReversedMark = "\x1f"

// Reversed is the reversed form of key k as stored: ReversedMark and the
// runes of k in reverse order.
func Reversed(k string) string {
	rs := []rune(k)
	slices.Reverse(rs)
	return ReversedMark + string(rs)
}

// KeyOf is the document key form of a name (as graph.DocKeys makes it):
// folded (Fold), then folded for width (NFKC, lower case, NFKC again).
func KeyOf(s string) string {
	return norm.NFKC.String(strings.ToLower(norm.NFKC.String(Fold(s))))
}

// MatchKeys returns the document keys (DocKeys) of which a document that
// Match finds for key, or for the page part of a "page#Heading" key,
// holds one: what each of Match's rules compares of the name, in the form
// DocKeys stores it.
func MatchKeys(key string) []string {
	names := []string{key}
	for i := len(key) - 1; i > 0; i-- {
		if key[i] == '#' {
			names = append(names, strings.TrimSpace(key[:i]))
		}
	}
	var out []string
	for _, n := range names {
		out = append(out, matchKeys(n, []string{n})...)
	}
	return compact(out)
}

// DocKeys returns the keys page lookup finds a document by besides the
// link keys (graph.DocKeys, stored with them): what Match's rules compare
// of its path, title and aliases, where that differs from the link keys
// (a name whose width fold and case fold do not commute, ϹΣ; a file name
// holding a full-width ／), and the Reversed form of each link key, by
// which Near finds the names ending like a name.
func DocKeys(path, title string, aliases []string, linkKeys []string) []string {
	keys := matchKeys(path, append([]string{title}, aliases...))
	out := make([]string, 0, len(keys)+len(linkKeys))
	for _, k := range keys {
		if !slices.Contains(linkKeys, k) {
			out = append(out, k)
		}
	}
	for _, k := range linkKeys {
		out = append(out, Reversed(k))
	}
	return compact(out)
}

// matchKeys returns the keys Match compares of a document with path and
// texts (title, aliases) in its two passes: the file name without Markdown
// extension of the folded path (its link key form, KeyOf) and of the
// width-folded one (foldWidth), and each text's KeyOf and foldWidth.
func matchKeys(path string, texts []string) []string {
	var out []string
	base := func(p string) string {
		p = stripMarkdownExt(p)
		return p[strings.LastIndexByte(p, '/')+1:]
	}
	out = append(out, KeyOf(base(Fold(path))), base(foldWidth(path)))
	for _, t := range texts {
		out = append(out, KeyOf(t), foldWidth(t))
	}
	return out
}

// compact returns keys sorted, each once, without "".
func compact(keys []string) []string {
	slices.Sort(keys)
	keys = slices.Compact(keys)
	if len(keys) > 0 && keys[0] == "" {
		keys = keys[1:]
	}
	return keys
}

// NearProbe is what a bounded read of the documents close to a name looks
// up: the document keys next to Keys in key order (names starting like
// it, or ending like it for its Reversed forms), the file paths next to
// Paths in path order, and the documents holding one of Exact (a file
// name, title or alias that is a run of the name's words).
type NearProbe struct {
	Keys  []string
	Paths []string
	Exact []string
}

// maxNearWords bounds the words of a name whose runs are looked up as
// Exact keys (a name may be a pasted paragraph).
const maxNearWords = 8

// minNearRunes is how long a run of words must be to be looked up: as
// Suggest's "file name contained in the name", at least three letters.
const minNearRunes = 3

// Near returns the probe of the documents Suggest(docs, key) ranks first:
// those whose file name or title starts or ends like the name's, or like
// its file name's (a typo in the last half of a name leaves its first
// half, one in the first half its last), whose path starts like it, or
// whose file name, title or alias is a run of its words.
func Near(key string) NearProbe {
	k := stripMarkdownExt(Fold(key))
	var p NearProbe
	for _, n := range []string{k, k[strings.LastIndexByte(k, '/')+1:]} {
		if n = KeyOf(n); n != "" && !slices.Contains(p.Keys, n) {
			p.Keys = append(p.Keys, n, Reversed(n))
		}
	}
	p.Paths = []string{strings.TrimSpace(key)}
	if k != p.Paths[0] {
		p.Paths = append(p.Paths, k)
	}
	p.Exact = wordRuns(KeyOf(k))
	return p
}

// wordRuns returns the runs of consecutive words of k (of its first
// maxNearWords) at least minNearRunes long, as written between them.
func wordRuns(k string) []string {
	type word struct{ start, end int }
	var words []word
	start := -1
	for i, r := range k + "/" {
		switch {
		case !isWordBreak(r) && start < 0:
			start = i
		case isWordBreak(r) && start >= 0:
			words = append(words, word{start, i})
			start = -1
		}
	}
	words = words[:min(len(words), maxNearWords)]
	var out []string
	for i := range words {
		for j := i; j < len(words); j++ {
			if run := k[words[i].start:words[j].end]; utf8.RuneCountInString(run) >= minNearRunes {
				out = append(out, run)
			}
		}
	}
	return out
}

// isWordBreak tells the characters between the words of a page name.
func isWordBreak(r rune) bool {
	switch r {
	case '/', '-', '_', ' ', '.', '#':
		return true
	}
	return false
}
