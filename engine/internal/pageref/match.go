package pageref

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine/query/textfold"
)

// MaxSuggestions is how many closest filepaths Suggest offers.
const MaxSuggestions = 5

// Doc is what page lookup needs of a document.
type Doc struct {
	ID      int64
	DocID   string
	Path    string
	Title   string
	Aliases []string // folded
}

// Match applies the lookup rules after the exact-path fast path and link
// resolution, in one pass: filepath ignoring case (with or without
// extension), then title, then alias; and if none matches, the same
// ignoring width as well. docs are in filepath order, so the first match
// of the best rule wins ties; nil when none matches.
func Match(docs []Doc, key string) *Doc {
	if d := match(docs, key, Fold); d != nil {
		return d
	}
	// Then ignoring width too (API設計 for ＡＰＩ設計.md, 仕様書(案) for
	// 仕様書（案）): as full-text search compares text.
	return match(docs, key, foldWidth)
}

// foldWidth is Fold after the text fold of search (textfold.String).
func foldWidth(s string) string { return Fold(textfold.String(s)) }

func match(docs []Doc, key string, fold func(string) string) *Doc {
	k := fold(key)
	stem := stripMarkdownExt(k)
	const (
		byTitle = iota
		byAlias
		none
	)
	best, bestRule := -1, none
	for i := range docs {
		d := &docs[i]
		if p := fold(d.Path); p == k || stripMarkdownExt(p) == stem {
			return d
		}
		if bestRule > byTitle && fold(d.Title) == k {
			best, bestRule = i, byTitle
			continue
		}
		if bestRule > byAlias {
			for _, a := range d.Aliases {
				if fold(a) == k {
					best, bestRule = i, byAlias
					break
				}
			}
		}
	}
	if best < 0 {
		return nil
	}
	return &docs[best]
}

// stripMarkdownExt removes a trailing .md, .markdown or .mdx.
func stripMarkdownExt(p string) string {
	for _, ext := range []string{".md", ".markdown", ".mdx"} {
		if strings.HasSuffix(p, ext) && len(p) > len(ext) {
			return p[:len(p)-len(ext)]
		}
	}
	return p
}

// Suggest returns up to MaxSuggestions filepaths close to key:
// those containing it (or contained in it) first, then by edit distance to
// the path, its file name or the title. Far-off paths are left out.
func Suggest(docs []Doc, key string) []string {
	k := stripMarkdownExt(Fold(key))
	type cand struct {
		path   string
		substr bool
		dist   int
	}
	var cands []cand
	kl := utf8.RuneCountInString(k)
	limit := kl / 2
	if limit < 2 {
		limit = 2
	}
	for _, d := range docs {
		p := stripMarkdownExt(Fold(d.Path))
		base := p[strings.LastIndexByte(p, '/')+1:]
		t := Fold(d.Title)
		c := cand{path: d.Path}
		c.substr = k != "" && (strings.Contains(p, k) || strings.Contains(t, k) ||
			(utf8.RuneCountInString(base) >= 3 && strings.Contains(k, base)))
		c.dist = min(EditDistance(k, p, limit), EditDistance(k, base, limit), EditDistance(k, t, limit))
		if c.substr || c.dist <= limit {
			cands = append(cands, c)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].substr != cands[j].substr {
			return cands[i].substr
		}
		if cands[i].dist != cands[j].dist {
			return cands[i].dist < cands[j].dist
		}
		return cands[i].path < cands[j].path
	})
	out := []string{}
	for i := 0; i < len(cands) && i < MaxSuggestions; i++ {
		out = append(out, cands[i].path)
	}
	return out
}
