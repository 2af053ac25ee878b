package fulltext

import "github.com/ubp-dev/ubp/engine/query"

// glossCap is, for one query, how far an English gloss (a Translation
// term) may weigh in a text that lacks every word of its concept as
// written: at most with the highest IDF of those words. A gloss stands for
// the word the user wrote; in a Japanese corpus where that word is common,
// a sense found in a few English pages (実装: "installation") had the IDF of
// a rare word and ranked a page that never says 実装 above every page that
// does. A text holding the word as well keeps the gloss's own IDF (the page
// says it in both languages), and a concept the corpus does not hold as
// written has the highest IDF, so its glosses keep theirs: a Japanese
// question still reaches an English corpus.
//
// A Glued term (the word written right after a kanji, found in the
// short-term postings) is capped the same way in every text: it is the
// word itself where the word index cannot see it, so it is never rarer
// than the word; its own count, a few sections, made 新API outrank every
// page saying API.
type glossCap struct {
	idf    []float64 // per term: the IDF a capped gloss may weigh with; 0: no cap
	always []bool    // per term: capped even where a word of its concept is found (Glued)
	words  [][]int   // per group: its Word terms
}

// glossCaps computes the caps of q's glosses, given each term's IDF.
func glossCaps(q query.Query, idf []float64) glossCap {
	c := glossCap{idf: make([]float64, len(q.Terms)), always: make([]bool, len(q.Terms)), words: make([][]int, len(q.Groups))}
	own := make([]float64, len(q.Groups))
	for i, t := range q.Terms {
		if t.Kind == query.Word && t.Group >= 0 {
			own[t.Group] = max(own[t.Group], idf[i])
			c.words[t.Group] = append(c.words[t.Group], i)
		}
	}
	for i, t := range q.Terms {
		if (t.Kind == query.Translation || t.Kind == query.Glued) && t.Group >= 0 && len(c.words[t.Group]) > 0 && idf[i] > own[t.Group] {
			c.idf[i] = own[t.Group]
			c.always[i] = t.Kind == query.Glued
		}
	}
	return c
}

// apply lowers, in place, the scores of the glosses in termScore (one
// text's, each computed with idf) whose concept the text lacks as written,
// and of the Glued terms, to what their cap allows. Scores are linear in
// the IDF.
func (c glossCap) apply(q query.Query, termScore, idf []float64) {
	for i, capped := range c.idf {
		if capped == 0 || termScore[i] <= 0 || idf[i] <= 0 {
			continue
		}
		if c.always[i] || !c.written(termScore, q.Terms[i].Group) {
			termScore[i] *= capped / idf[i]
		}
	}
}

// written reports whether a Word term of group g scored in termScore.
func (c glossCap) written(termScore []float64, g int) bool {
	for _, j := range c.words[g] {
		if termScore[j] > 0 {
			return true
		}
	}
	return false
}
