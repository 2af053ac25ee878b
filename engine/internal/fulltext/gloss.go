package fulltext

import "github.com/ubp-dev/ubp/engine/query"

// glossCaps returns, per term, the highest IDF an English gloss (a
// Translation term) may weigh with in a text that lacks every word of its
// concept as written: the highest IDF of those words (0 for other terms:
// no cap). A gloss stands for the word the user wrote; in a Japanese corpus
// where that word is common, a sense found in a few English pages (実装:
// "installation") had the IDF of a rare word and ranked a page that never
// says 実装 above every page that does. A text holding the word as well
// keeps the gloss's own IDF (the page says it in both languages), and a
// concept the corpus does not hold as written has the highest IDF, so its
// glosses keep theirs: a Japanese question still reaches an English corpus.
func glossCaps(q query.Query, idf []float64) []float64 {
	own := make([]float64, len(q.Groups))
	has := make([]bool, len(q.Groups))
	for i, t := range q.Terms {
		if t.Kind == query.Word && t.Group >= 0 {
			own[t.Group] = max(own[t.Group], idf[i])
			has[t.Group] = true
		}
	}
	caps := make([]float64, len(q.Terms))
	for i, t := range q.Terms {
		if t.Kind == query.Translation && t.Group >= 0 && has[t.Group] && idf[i] > own[t.Group] {
			caps[i] = own[t.Group]
		}
	}
	return caps
}

// capGlosses lowers, in place, the scores of the glosses in termScore (one
// text's, each computed with idf) whose concept the text lacks as written,
// to what their IDF cap (glossCaps) allows. Scores are linear in the IDF.
func capGlosses(q query.Query, termScore, idf, caps []float64) {
	for i, c := range caps {
		if c == 0 || termScore[i] <= 0 || idf[i] <= 0 {
			continue
		}
		g := q.Terms[i].Group
		written := false
		for j, t := range q.Terms {
			if t.Group == g && t.Kind == query.Word && termScore[j] > 0 {
				written = true
				break
			}
		}
		if !written {
			termScore[i] *= c / idf[i]
		}
	}
}
