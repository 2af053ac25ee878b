package fulltext

import (
	"cmp"
	"math"
	"slices"

	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
)

// sizeCorrection divides the score of a document with more sections than
// the average: a long document matches more of a long query by chance
// alone, beyond what BM25's length normalisation (docB) takes off. 1 +
// sizePenalty·ln(n/avg) for n > avg, else 1.
func sizeCorrection(n int, avg float64) float64 {
	if avg <= 0 || float64(n) <= avg {
		return 1
	}
	return 1 + sizePenalty*math.Log(float64(n)/avg)
}

// sizePenalty is the strength of sizeCorrection. It was 0.3 when documents
// were ranked by their sections' scores (the best of many draws); with
// document-level BM25 the length is already normalised once, and 0.05 was
// chosen on every eval set together from 0–0.3 (mean of the sets' target
// measures 0.744 → 0.750: cisi +0.009, en-docs +0.031, unified-blueprint
// −0.005, the others unchanged; 0 lowered unified-blueprint by 0.056,
// whose 92-section requirements page then leads every Japanese query).
const sizePenalty = 0.05

// Doc is a document's full-text evidence.
type Doc struct {
	Score    float64              // aggregated section scores × title factor
	Sections []sectionrows.Scored // matched sections, best first
	Best     Evidence             // evidence of the best section
	Coverage float64              // IDF-weighted share of the query concepts the corpus has that the document matched
	// Concepts is Coverage scaled by the share of the query's concepts the
	// corpus has at all: a word found nowhere counts as missing here.
	Concepts    float64
	BestID      int64
	TitleFactor float64
	// Specific says the document matched a concept that is not in most
	// of the index's sections; without one, its coverage is of common
	// words only (the, a word every page says).
	Specific bool
}

// Documents scores the documents of the matched sections with
// document-level BM25 (see documentTerms), the title boost and the size
// correction, and keeps each one's matched sections, best first.
// Documents without meta (deleted meanwhile) are skipped.
//
// Each candidate document is numbered (its place in the candidates) at
// its first section, so the work per section and per document indexes a
// slice instead of looking the document up in a map each time.
func (m *Matches) Documents(meta map[int64]*docmeta.Meta) map[int64]*Doc {
	secs := m.sectionsByID()
	num := map[int64]int{}
	var cands []candidate
	for _, s := range secs {
		mt := meta[s.Doc]
		if mt == nil {
			continue
		}
		sc := m.SectionScore(s)
		if sc.Score <= 0 {
			continue
		}
		i, ok := num[s.Doc]
		if !ok {
			i = len(cands)
			num[s.Doc] = i
			cands = append(cands, candidate{id: s.Doc, meta: mt, doc: &Doc{}})
		}
		c := &cands[i]
		d := c.doc
		d.Sections = append(d.Sections, sectionrows.Scored{ID: s.ID, Score: sc.Score})
		if !ok || sc.Score > d.Best.Score || sc.Score == d.Best.Score && s.ID < d.BestID {
			d.Best = sc
			d.BestID = s.ID
		}
	}
	docTerms := m.documentTerms(secs, num, cands)
	out := make(map[int64]*Doc, len(cands))
	for i := range cands {
		c := &cands[i]
		d := c.doc
		sectionrows.Sort(d.Sections)
		d.TitleFactor = m.scorer.titleFactor(c.meta.LowerTitle())
		ds := m.scorer.section(docTerms[i])
		d.Coverage = ds.Coverage
		d.Specific = m.scorer.specific(docTerms[i])
		if n := len(m.Query.Groups); n > 0 {
			d.Concepts = ds.Coverage * float64(ds.Groups) / float64(n)
		}
		d.Score = ds.Score * d.TitleFactor / sizeCorrection(m.DocSections[c.id], m.AvgDocSections)
		out[c.id] = d
	}
	return out
}

// sectionsByID is the matched sections in ascending id order: the one
// order Documents sums them in. In the order of the Sections map, which
// Go changes from one loop to the next, a document's term frequencies
// summed to a different last bit each time, so two documents on a near
// tie could swap places between identical searches.
func (m *Matches) sectionsByID() []*Section {
	out := make([]*Section, 0, len(m.Sections))
	for _, s := range m.Sections {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b *Section) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// candidate is a document Documents scores: its id, meta and evidence.
type candidate struct {
	id   int64
	meta *docmeta.Meta
	doc  *Doc
}

// documentTerms scores each query term per document with BM25 over the
// whole document: a term's frequency in the document is the sum of its
// (heading-weighted) frequencies in the document's sections, recovered from
// their section BM25 scores, the length is the document's, and the IDF
// counts documents (estimated for common terms, see estimateCommonDF). So
// a document matching one term in one section and another term in the
// next gets both, as one text. The documents are cands, numbered by num
// (document id → place in cands); the answer is in the same places. The
// sections secs are summed in their order (sectionsByID), so a score is
// the same to the last bit whenever it is computed.
func (m *Matches) documentTerms(secs []*Section, num map[int64]int, cands []candidate) [][]float64 {
	nt := len(m.Query.Terms)
	slab := make([]float64, 2*nt*len(cands)) // the frequencies, then the scores
	tf := make([][]float64, len(cands))
	for i := range tf {
		tf[i] = slab[i*nt : (i+1)*nt : (i+1)*nt]
	}
	scored := make([]int, nt) // sections each term was scored on
	for _, s := range secs {
		i, ok := num[s.Doc]
		if !ok {
			continue
		}
		t := tf[i]
		dl := float64(s.Len)
		for i, sc := range s.Terms {
			if sc > 0 {
				t[i] += termFreq(sc, m.TermIDF[i], dl, m.stats.avgLen)
				scored[i]++
			}
		}
	}
	df := make([]int, nt)
	for _, t := range tf {
		for i, f := range t {
			if f > 0 {
				df[i]++
			}
		}
	}
	nDocs := m.stats.docs
	m.estimateCommonDF(df, scored, nDocs)
	idf := make([]float64, nt)
	for i := range idf {
		idf[i] = termIDF(nDocs, df[i])
	}
	caps := glossCaps(m.Query, idf)
	out := make([][]float64, len(cands))
	scores := slab[nt*len(cands):]
	for j, t := range tf {
		sc := scores[j*nt : (j+1)*nt : (j+1)*nt]
		dl := float64(m.docLen[cands[j].id])
		for i, f := range t {
			if f > 0 {
				sc[i] = bm25Doc(idf[i], f, dl, m.stats.avgDocLen)
			}
		}
		caps.apply(m.Query, sc, idf)
		out[j] = sc
	}
	return out
}

// estimateCommonDF corrects the document frequencies df, counted over the
// candidate documents, of the terms not read whole: a term in more than
// maxTermRows sections is scored only on the sections the query's rarer
// terms matched (or its best rows), so the candidates hold a few of its
// documents, and counting those gave a common word the IDF of a rare one.
// Its frequency is estimated from its section count (TermDF, every match)
// times the documents per section among the candidates it was scored on,
// at most nDocs. Terms read whole keep their count: the candidates hold
// every section they were found in (bonus bigrams only those of documents
// matching a concept, as they count only there). scored is the number of
// candidate sections each term was scored on.
func (m *Matches) estimateCommonDF(df, scored []int, nDocs int) {
	for i := range df {
		if m.TermDF[i] > maxTermRows && scored[i] > 0 && scored[i] < m.TermDF[i] {
			est := int(math.Round(float64(m.TermDF[i]) * float64(df[i]) / float64(scored[i])))
			df[i] = min(max(df[i], est), nDocs)
		}
	}
}
