package engine

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"

	"github.com/ubp-dev/ubp/engine/internal/sqlbatch"
	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/index"
)

// docMeta is what search needs of a document.
type docMeta struct {
	ID       int64
	DocID    string
	Filepath string
	Title    string
	DocType  index.DocType
	// lowerTitle is the title through query.Normalize and query.Lower, as
	// runes, set by loadDocMeta: what title matching compares, computed
	// once per read instead of once per matched document and term.
	lowerTitle []rune
}

// LowerTitle is the normalised title lower-cased for matching (see
// query.CountLower). It never writes: a docMeta may be shared by concurrent
// readers (see docMetaCache).
func (d *docMeta) LowerTitle() []rune { return d.lowerTitle }

// loadDocMeta reads id, public id, path, title and type of the given
// documents, every document when ids is nil. Deleted ones are absent.
func loadDocMeta(ctx context.Context, db querier, ids []int64) (map[int64]*docMeta, error) {
	out := make(map[int64]*docMeta, len(ids))
	scan := func(rows *sql.Rows) error {
		d := &docMeta{}
		var dt string
		if err := rows.Scan(&d.ID, &d.DocID, &d.Filepath, &d.Title, &dt); err != nil {
			return err
		}
		d.DocType, _ = index.ParseDocType(dt)
		d.lowerTitle = []rune(query.Lower(query.Normalize(d.Title)))
		out[d.ID] = d
		return nil
	}
	const cols = `SELECT id, doc_id, filepath, title, doc_type FROM documents`
	if ids != nil {
		if err := sqlbatch.QueryIDs(ctx, db, ids, cols+` WHERE id IN (%s)`, scan); err != nil {
			return nil, fmt.Errorf("read documents: %w", err)
		}
		return out, nil
	}
	rows, err := db.QueryContext(ctx, cols)
	if err != nil {
		return nil, fmt.Errorf("read documents: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return nil, fmt.Errorf("read documents: %w", err)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read documents: %w", err)
	}
	return out, nil
}

// sectionRow is one row of the sections table.
type sectionRow struct {
	ID          int64
	Doc         int64
	Ord         int
	Heading     string
	HeadingPath string
	Content     string
	StartLine   int
	EndLine     int
}

// loadSections reads the given sections.
func loadSections(ctx context.Context, db querier, ids []int64) (map[int64]*sectionRow, error) {
	out := make(map[int64]*sectionRow, len(ids))
	err := sqlbatch.QueryIDs(ctx, db, ids, `
		SELECT id, document_id, ord, heading, heading_path, content, start_line, end_line
		FROM sections WHERE id IN (%s)`, func(rows *sql.Rows) error {
		s := &sectionRow{}
		if err := rows.Scan(&s.ID, &s.Doc, &s.Ord, &s.Heading, &s.HeadingPath, &s.Content, &s.StartLine, &s.EndLine); err != nil {
			return err
		}
		out[s.ID] = s
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read sections: %w", err)
	}
	return out, nil
}

// sectionDocs maps section ids to their document ids.
func sectionDocs(ctx context.Context, db querier, ids []int64) (map[int64]int64, error) {
	out := make(map[int64]int64, len(ids))
	err := sqlbatch.QueryIDs(ctx, db, ids, `SELECT id, document_id FROM sections WHERE id IN (%s)`, func(rows *sql.Rows) error {
		var id, doc int64
		if err := rows.Scan(&id, &doc); err != nil {
			return err
		}
		out[id] = doc
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read sections: %w", err)
	}
	return out, nil
}

// scoredSection is a section with its score in one signal.
type scoredSection struct {
	ID    int64
	Score float64
}

// sortSections orders sections best first, ties by id.
func sortSections(s []scoredSection) {
	slices.SortFunc(s, func(a, b scoredSection) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
}

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

// ftDoc is a document's full-text evidence.
type ftDoc struct {
	Score    float64         // aggregated section scores × title factor
	Sections []scoredSection // matched sections, best first
	Best     ftScore         // evidence of the best section
	Coverage float64         // IDF-weighted share of the query concepts the corpus has that the document matched
	// Concepts is Coverage scaled by the share of the query's concepts the
	// corpus has at all: a word found nowhere counts as missing here.
	Concepts    float64
	BestID      int64
	TitleFactor float64
}

// documents aggregates matched sections per document (see
// aggregateSections) and applies the title boost. Documents without meta
// (deleted meanwhile) are skipped.
func (m *ftMatches) documents(meta map[int64]*docMeta) map[int64]*ftDoc {
	out := map[int64]*ftDoc{}
	best := map[int64]ftScore{}
	for _, s := range m.Sections {
		if meta[s.Doc] == nil {
			continue
		}
		sc := m.SectionScore(s)
		if sc.Score <= 0 {
			continue
		}
		d := out[s.Doc]
		if d == nil {
			d = &ftDoc{}
			out[s.Doc] = d
		}
		d.Sections = append(d.Sections, scoredSection{ID: s.ID, Score: sc.Score})
		if b, ok := best[s.Doc]; !ok || sc.Score > b.Score || sc.Score == b.Score && s.ID < d.BestID {
			best[s.Doc] = sc
			d.BestID = s.ID
		}
	}
	docTerms := m.documentTerms(out)
	for id, d := range out {
		sortSections(d.Sections)
		scores := make([]float64, len(d.Sections))
		for i, s := range d.Sections {
			scores[i] = s.Score
		}
		d.Best = best[id]
		d.TitleFactor = m.scorer.titleFactor(meta[id].LowerTitle())
		ds := m.scorer.section(docTerms[id])
		d.Coverage = ds.Coverage
		if n := len(m.Query.Groups); n > 0 {
			d.Concepts = ds.Coverage * float64(ds.Groups) / float64(n)
		}
		d.Score = ds.Score * d.TitleFactor / sizeCorrection(m.DocSections[id], m.AvgDocSections)
	}
	return out
}

// documentTerms scores each query term per document with BM25 over the
// whole document: a term's frequency in the document is the sum of its
// (heading-weighted) frequencies in the document's sections, recovered from
// their section BM25 scores, the length is the document's, and the IDF
// counts documents. So a document matching one term in one section and
// another term in the next gets both, as one text.
func (m *ftMatches) documentTerms(docs map[int64]*ftDoc) map[int64][]float64 {
	nt := len(m.Query.Terms)
	tf := map[int64][]float64{}
	for _, s := range m.Sections {
		if docs[s.Doc] == nil {
			continue
		}
		t := tf[s.Doc]
		if t == nil {
			t = make([]float64, nt)
			tf[s.Doc] = t
		}
		dl := float64(s.Len)
		for i, sc := range s.Terms {
			if sc > 0 {
				t[i] += termFreq(sc, m.TermIDF[i], dl, m.stats.avgLen)
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
	out := make(map[int64][]float64, len(tf))
	for id, t := range tf {
		sc := make([]float64, nt)
		for i, f := range t {
			if f > 0 {
				sc[i] = bm25Doc(termIDF(nDocs, df[i]), f, float64(m.docLen[id]), m.stats.avgDocLen)
			}
		}
		out[id] = sc
	}
	return out
}
