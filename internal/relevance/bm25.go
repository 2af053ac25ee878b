package relevance

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// The BM25 baseline of the shared benchmark (corpora/bm25_baseline.py),
// reimplemented so every set, including ones without the script, is
// measured against the same yardstick: k1 = 1.2, b = 0.75, each document
// the whole file text; English: lower-case [a-z0-9]+ words minus a small
// stopword list, then a small suffix stripper; Japanese: overlapping
// character 2-grams of CJK runs and lower-case Latin words.
const (
	baseK1 = 1.2
	baseB  = 0.75
)

var baseStop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an and are as at be but by for from has have he her his i if in into is it its of on or
our she so such that the their then there these they this to was were what when where which who will
with you your we can do does how not no any all`) {
		baseStop[w] = true
	}
}

var baseWord = regexp.MustCompile(`[a-z0-9]+`)

// baseSuffixes are tried in order; the first that fits is stripped.
var baseSuffixes = [][2]string{
	{"sses", "ss"}, {"ies", "y"}, {"ational", "ate"}, {"ization", "ize"},
	{"fulness", "ful"}, {"iveness", "ive"}, {"ations", "ate"}, {"ation", "ate"},
	{"ments", ""}, {"ment", ""}, {"ness", ""}, {"ingly", ""}, {"edly", ""},
	{"ing", ""}, {"ed", ""}, {"ly", ""}, {"s", ""},
}

func baseStem(w string) string {
	if len(w) <= 3 || isDigits(w) {
		return w
	}
	for _, sr := range baseSuffixes {
		suf, rep := sr[0], sr[1]
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 2 {
			if suf == "s" && (strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is")) {
				break
			}
			w = w[:len(w)-len(suf)] + rep
			switch suf {
			case "ing", "ed", "edly", "ingly":
				if n := len(w); n > 3 && w[n-1] == w[n-2] && !strings.ContainsRune("lsz", rune(w[n-1])) {
					w = w[:n-1]
				}
			}
			break
		}
	}
	if len(w) >= 3 && strings.HasSuffix(w, "e") {
		w = w[:len(w)-1]
	}
	return w
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// TokensEn are the baseline's English tokens of text.
func TokensEn(text string) []string {
	var out []string
	for _, t := range baseWord.FindAllString(strings.ToLower(text), -1) {
		if !baseStop[t] {
			out = append(out, baseStem(t))
		}
	}
	return out
}

// IsCJK reports whether r is a kana, kanji or their half-width or
// iteration mark: what the baseline cuts into character 2-grams.
func IsCJK(r rune) bool {
	return r >= 0x3040 && r <= 0x30ff || r >= 0x3400 && r <= 0x4dbf || r >= 0x4e00 && r <= 0x9fff ||
		r >= 0xf900 && r <= 0xfaff || r >= 0xff66 && r <= 0xff9f || r == 0x30fc || r == 0x3005
}

func isASCIIAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// TokensJa are the baseline's Japanese tokens of text: overlapping
// character 2-grams of each CJK run (a one-character run is kept whole) and
// lower-case Latin words.
func TokensJa(text string) []string {
	var out []string
	rs := []rune(text)
	for i := 0; i < len(rs); {
		switch {
		case IsCJK(rs[i]):
			j := i
			for j < len(rs) && IsCJK(rs[j]) {
				j++
			}
			if j-i == 1 {
				out = append(out, string(rs[i]))
			}
			for k := i; k+1 < j; k++ {
				out = append(out, string(rs[k:k+2]))
			}
			i = j
		case isASCIIAlnum(rs[i]):
			j := i
			for j < len(rs) && isASCIIAlnum(rs[j]) {
				j++
			}
			out = append(out, strings.ToLower(string(rs[i:j])))
			i = j
		default:
			i++
		}
	}
	return out
}

// Tokens are the baseline's tokens for lang: TokensJa for "ja", else
// TokensEn.
func Tokens(lang string) func(string) []string {
	if lang == "ja" {
		return TokensJa
	}
	return TokensEn
}

// BM25 is the baseline's index of one set: every Markdown file of its docs
// folder, as a whole text, cut into tokens by one tokeniser.
type BM25 struct {
	tok  func(string) []string
	ids  []string
	tf   []map[string]int
	dl   []float64
	avg  float64
	idf  map[string]float64
	post map[string][]int
}

// NewBM25 indexes the Markdown files under docsDir with tok.
func NewBM25(docsDir string, tok func(string) []string) (*BM25, error) {
	b := &BM25{tok: tok, idf: map[string]float64{}, post: map[string][]int{}}
	err := filepath.WalkDir(docsDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		rel, err := filepath.Rel(docsDir, p)
		if err != nil {
			return err
		}
		b.ids = append(b.ids, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(b.ids)
	df := map[string]int{}
	var total float64
	for i, id := range b.ids {
		text, err := os.ReadFile(filepath.Join(docsDir, filepath.FromSlash(id)))
		if err != nil {
			return nil, err
		}
		c := map[string]int{}
		n := 0
		for _, t := range b.tok(string(text)) {
			c[t]++
			n++
		}
		b.tf = append(b.tf, c)
		b.dl = append(b.dl, float64(n))
		total += float64(n)
		for t := range c {
			df[t]++
			b.post[t] = append(b.post[t], i)
		}
	}
	n := float64(len(b.ids))
	b.avg = total / math.Max(1, n)
	for t, f := range df {
		b.idf[t] = math.Log(1 + (n-float64(f)+0.5)/(float64(f)+0.5))
	}
	return b, nil
}

// Search ranks the documents for q: their paths, best first, up to Depth.
func (b *BM25) Search(q string) []string {
	scores := map[int]float64{}
	b.AddScores(b.tok(q), 1, scores)
	return b.Rank(scores)
}

// AddScores adds w × each document's BM25 for the query tokens q to
// scores (by document index).
func (b *BM25) AddScores(q []string, w float64, scores map[int]float64) {
	qf := map[string]int{}
	for _, t := range q {
		qf[t]++
	}
	for t, n := range qf {
		idf, ok := b.idf[t]
		if !ok {
			continue
		}
		for _, i := range b.post[t] {
			f := float64(b.tf[i][t])
			norm := baseK1 * (1 - baseB + baseB*b.dl[i]/b.avg)
			scores[i] += w * float64(n) * idf * f * (baseK1 + 1) / (f + norm)
		}
	}
}

// Rank is the documents of scores (by index), best first, ties by path, up
// to Depth.
func (b *BM25) Rank(scores map[int]float64) []string {
	ids := make([]int, 0, len(scores))
	for i := range scores {
		ids = append(ids, i)
	}
	sort.Slice(ids, func(x, y int) bool {
		if scores[ids[x]] != scores[ids[y]] {
			return scores[ids[x]] > scores[ids[y]]
		}
		return b.ids[ids[x]] < b.ids[ids[y]]
	})
	if len(ids) > Depth {
		ids = ids[:Depth]
	}
	out := make([]string, len(ids))
	for k, i := range ids {
		out[k] = b.ids[i]
	}
	return out
}
