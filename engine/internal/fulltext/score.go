package fulltext

import (
	"math"

	"github.com/ubp-dev/ubp/engine/query"
)

// Full-text scoring. Each term is scored per section with BM25 (FTS5's
// bm25() for terms the trigram index can find, rescaled to termIDF; the same
// formula computed in Go for shorter terms found by the postings or a
// substring scan). A score is the sum over query concepts (groups) of the
// group's BM25 times how often the query repeats the concept, plus a bonus
// for exact compounds. Documents are scored the same way from their
// document-level term BM25 (see Matches.documentTerms); coverage, the
// IDF-weighted share of concepts matched, is kept as evidence (match level,
// the vector's weight) but does not scale the score: every set measured
// ranked better without it.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
	// docK1 and docB are BM25's k1 and b for whole documents
	// (Matches.documentTerms). A document's term frequency sums its
	// sections' (heading hits counting twice), so it saturates later:
	// chosen on every eval set together from k1 1.2–6 and b 0.55–0.85
	// (k1 4 raised every set over 1.2; b 0.65 the mean, lowering none by
	// more than 0.003).
	docK1         = 4.0
	docB          = 0.65
	headingWeight = 2.0 // a hit in a section heading counts this many times
	compoundBonus = 1.0 // weight of an exact compound ("データベース設計") hit
	// titleBoost scales a document's full-text score by 1 + titleBoost ×
	// (IDF-weighted share of concepts found in its title): the title as a
	// weighted field. 1.5 and compoundBonus 1.0 (from 1.0 and 0.5) were
	// chosen on every eval set together: all the same or better.
	titleBoost = 1.5
)

// termIDF is the BM25 IDF of search: ln(1 + (N − n + 0.5)/(n + 0.5)),
// always positive, so a term in most sections still counts a little (FTS5's
// own IDF drops to 1e-6 for a term in more than half of them).
func termIDF(n, df int) float64 { return groupIDF(n, df) }

// sqliteIDF is the IDF FTS5's bm25() uses: ln((N − n + 0.5)/(n + 0.5)),
// floored at 1e-6.
func sqliteIDF(n, df int) float64 {
	idf := math.Log((float64(n) - float64(df) + 0.5) / (float64(df) + 0.5))
	if idf <= 0 {
		return 1e-6
	}
	return idf
}

// groupIDF weighs a concept for coverage: ln(1 + (N − n + 0.5)/(n + 0.5)),
// always positive, 0 when no section has the concept at all (a concept the
// corpus lacks cannot tell sections apart).
func groupIDF(n, df int) float64 {
	if df <= 0 {
		return 0
	}
	return math.Log(1 + (float64(n)-float64(df)+0.5)/(float64(df)+0.5))
}

// bm25 is FTS5's per-term BM25 for one row: freq is the column-weighted
// number of hits, dl the row's length and avgdl the mean length.
func bm25(idf, freq, dl, avgdl float64) float64 {
	return bm25With(bm25K1, bm25B, idf, freq, dl, avgdl)
}

// bm25Doc is BM25 for a whole document (docK1, docB).
func bm25Doc(idf, freq, dl, avgdl float64) float64 {
	return bm25With(docK1, docB, idf, freq, dl, avgdl)
}

func bm25With(k1, b, idf, freq, dl, avgdl float64) float64 {
	if freq <= 0 {
		return 0
	}
	if avgdl <= 0 {
		avgdl = 1
	}
	return idf * freq * (k1 + 1) / (freq + k1*(1-b+b*dl/avgdl))
}

// Evidence is a section's full-text evidence.
type Evidence struct {
	Score    float64
	Coverage float64 // 0..1, IDF-weighted share of concepts matched
	Matched  int     // concepts matched (a long kanji run counts when most of its grams match)
	// Partly counts the concepts matched in part only: by a less common
	// sense of a translation, some of a long kanji run's grams, a lone
	// kanji inside another word.
	Partly int
	Groups int // concepts the corpus has at all
}

// scorer scores sections and titles of one query.
type scorer struct {
	q       query.Query
	groupW  []float64 // groupIDF of each group
	gramW   []float64 // the weights of each group's grams, summed
	hasWord []bool    // group has a word or phrase term
	// parts are, for each compound term, the groups written inside it
	// (ms以内: ms and 以内): found as written, it holds each of them.
	parts [][]int
	// termRunes are the terms' texts as runes, for titleFactor.
	termRunes [][]rune
	// common marks the groups found in more than half of the index's
	// sections (see commonMinSections), and the function words of a query
	// that has nothing else (query.FunctionWord: "how do I"): a text
	// holding only such words matches every page alike.
	common []bool
}

// commonMinSections is the least number of sections an index must hold
// for a concept in more than half of them to count as common: in a
// project of a few sections, a word in most of them can still be what the
// user is after.
const commonMinSections = 20

func newScorer(q query.Query, n int, groupDF []int) *scorer {
	s := &scorer{
		q:       q,
		groupW:  make([]float64, len(q.Groups)),
		gramW:   make([]float64, len(q.Groups)),
		hasWord: make([]bool, len(q.Groups)),
	}
	s.termRunes = make([][]rune, len(q.Terms))
	for i, t := range q.Terms {
		s.termRunes[i] = []rune(t.Text)
	}
	s.common = make([]bool, len(q.Groups))
	for g := range q.Groups {
		s.groupW[g] = groupIDF(n, groupDF[g])
		s.common[g] = n >= commonMinSections && 2*groupDF[g] > n || q.FunctionWord(g)
	}
	s.parts = make([][]int, len(q.Terms))
	for i, t := range q.Terms {
		s.parts[i] = q.Parts(t)
		if t.Group < 0 {
			continue
		}
		if t.Kind == query.Gram {
			s.gramW[t.Group] += t.Weight
		} else {
			s.hasWord[t.Group] = true
		}
	}
	return s
}

// coverage is the IDF-weighted share of concepts matched, given each term's
// score (> 0: matched). A group counts fully when its word matched, else by
// its best gloss's weight or by its grams: the share of their weight that
// matched, times their total weight when that is below 1. So the 2-grams
// of a long kanji word (together weighing more than the word) count by the
// share that matched, and a lone kanji beside its okurigana form (速 of
// 速い, weight 1/3), found alone inside another word (速度), counts 1/3 of
// the concept, not all of it. A compound found as written (ms以内 in
// 200ms以内, where ms is no word of its own) counts each concept it holds.
func (s *scorer) coverage(termScore []float64) (cov float64, matched, partly, groups int) {
	frac := make([]float64, len(s.q.Groups))
	grams := make([]float64, len(s.q.Groups))
	for i, t := range s.q.Terms {
		if termScore[i] <= 0 {
			continue
		}
		for _, g := range s.parts[i] {
			frac[g] = 1
		}
		if t.Group < 0 {
			continue
		}
		switch t.Kind {
		case query.Gram:
			grams[t.Group] += t.Weight
		case query.Translation:
			frac[t.Group] = max(frac[t.Group], t.Weight)
		default:
			frac[t.Group] = 1
		}
	}
	var got, total float64
	for g := range s.q.Groups {
		if frac[g] < 1 && s.gramW[g] > 0 {
			frac[g] = max(frac[g], grams[g]/s.gramW[g]*min(1, s.gramW[g]))
		}
		if s.groupW[g] == 0 {
			continue
		}
		groups++
		total += s.groupW[g]
		got += s.groupW[g] * frac[g]
		switch {
		case frac[g] >= 0.5:
			matched++
		case frac[g] > 0:
			partly++
		}
	}
	if total == 0 {
		return 0, matched, partly, groups
	}
	return got / total, matched, partly, groups
}

// specific reports whether a text with these per-term scores matched a
// concept that is not common (see scorer.common): a term of such a group,
// or a compound holding one. Bonus bigrams do not count.
func (s *scorer) specific(termScore []float64) bool {
	for i, t := range s.q.Terms {
		if termScore[i] <= 0 || t.Kind == query.Bigram {
			continue
		}
		if t.Group >= 0 && !s.common[t.Group] {
			return true
		}
		for _, g := range s.parts[i] {
			if !s.common[g] {
				return true
			}
		}
	}
	return false
}

// section scores one section from its per-term BM25 scores.
func (s *scorer) section(termScore []float64) Evidence {
	word := make([]float64, len(s.q.Groups))
	gram := make([]float64, len(s.q.Groups))
	gloss := make([]float64, len(s.q.Groups))
	var bonus float64
	for i, t := range s.q.Terms {
		sc := termScore[i]
		if sc <= 0 {
			continue
		}
		switch {
		case t.Kind == query.Bigram:
			bonus += t.Weight * sc
		case t.Group < 0:
			bonus += compoundBonus * sc
		case t.Kind == query.Gram:
			gram[t.Group] += t.Weight * sc
		case t.Kind == query.Translation:
			gloss[t.Group] = max(gloss[t.Group], t.Weight*sc)
		default:
			word[t.Group] = max(word[t.Group], sc)
		}
	}
	var base float64
	for g := range s.q.Groups {
		qf := 1.0
		if g < len(s.q.Freq) {
			qf = float64(s.q.Freq[g])
		}
		base += qf * max(word[g], gram[g], gloss[g])
	}
	cov, matched, partly, groups := s.coverage(termScore)
	return Evidence{
		Score:    base + bonus,
		Coverage: cov,
		Matched:  matched,
		Partly:   partly,
		Groups:   groups,
	}
}

// titleFactor is 1 + titleBoost × the IDF-weighted share of concepts the
// title contains, given as docMeta.LowerTitle.
func (s *scorer) titleFactor(lower []rune) float64 {
	var hits []float64 // allocated at the first term found: most titles have none
	for i, t := range s.q.Terms {
		if query.Occurs(lower, s.termRunes[i], t) {
			if hits == nil {
				hits = make([]float64, len(s.q.Terms))
			}
			hits[i] = 1
		}
	}
	if hits == nil {
		return 1
	}
	cov, _, _, _ := s.coverage(hits)
	return 1 + titleBoost*cov
}

// termFreq inverts bm25: the frequency that gives score with idf, dl and
// avgdl. A score at the ceiling of BM25 (idf·(k1+1)) is capped at a large
// frequency.
func termFreq(score, idf, dl, avgdl float64) float64 {
	if score <= 0 || idf <= 0 {
		return 0
	}
	if avgdl <= 0 {
		avgdl = 1
	}
	x := min(score/idf, 0.99*(bm25K1+1))
	k := bm25K1 * (1 - bm25B + bm25B*dl/avgdl)
	return x * k / (bm25K1 + 1 - x)
}
