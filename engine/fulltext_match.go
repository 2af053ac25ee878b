package engine

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine/query"
)

// ftSection is one section any query term matched.
type ftSection struct {
	ID    int64
	Doc   int64     // documents.id
	Terms []float64 // BM25 of each query term in this section, 0 when absent
}

// ftMatches is the full-text evidence of one query over the whole index.
type ftMatches struct {
	Query    query.Query
	N        int   // sections in the index
	TermDF   []int // sections matching each term
	GroupDF  []int // sections matching any term of each group
	Sections map[int64]*ftSection
	// DocSections is the number of sections of each document, and
	// AvgDocSections their mean (for the document size correction).
	DocSections    map[int64]int
	AvgDocSections float64
	scorer         *scorer
}

// matchFulltext finds every section matching any term of q and scores each
// term per section. Terms of three or more characters use the FTS5 trigram
// index and its bm25(); shorter ones are a substring scan of the sections
// table scored with the same BM25 formula.
func (e *Engine) matchFulltext(ctx context.Context, db querier, q query.Query) (*ftMatches, error) {
	m := &ftMatches{
		Query:    q,
		TermDF:   make([]int, len(q.Terms)),
		GroupDF:  make([]int, len(q.Groups)),
		Sections: map[int64]*ftSection{},
	}
	stats, err := e.sectionStats(ctx, db, hasShortTerm(q))
	if err != nil {
		return nil, err
	}
	m.N = stats.n
	docOf, err := allSectionDocs(ctx, db, m.N)
	if err != nil {
		return nil, err
	}
	groupHits := make([]map[int64]bool, len(q.Groups))
	for g := range groupHits {
		groupHits[g] = map[int64]bool{}
	}
	add := func(ti int, id, doc int64, score float64) {
		if score <= 0 {
			return
		}
		s := m.Sections[id]
		if s == nil {
			s = &ftSection{ID: id, Doc: doc, Terms: make([]float64, len(q.Terms))}
			m.Sections[id] = s
		}
		s.Terms[ti] = score
		m.TermDF[ti]++
		if g := q.Terms[ti].Group; g >= 0 {
			groupHits[g][id] = true
		}
	}
	var substr []int // short terms without word boundaries: one shared scan
	for ti, t := range q.Terms {
		var err error
		switch {
		case t.FTS():
			err = scanFTSTerm(ctx, db, t, docOf, func(id, doc int64, score float64) { add(ti, id, doc, score) })
		case t.NeedsWordBoundary():
			err = scanShortWord(ctx, db, t, stats, func(id, doc int64, score float64) { add(ti, id, doc, score) })
		default:
			substr = append(substr, ti)
		}
		if err != nil {
			return nil, fmt.Errorf("full-text search for %q: %w", t.Text, err)
		}
	}
	if len(substr) > 0 {
		texts := make([]string, len(substr))
		for i, ti := range substr {
			texts[i] = q.Terms[ti].Text
		}
		err := scanShortSubstrings(ctx, db, texts, stats, func(i int, id, doc int64, score float64) { add(substr[i], id, doc, score) })
		if err != nil {
			return nil, fmt.Errorf("full-text search for %q: %w", texts, err)
		}
	}
	for g := range groupHits {
		m.GroupDF[g] = len(groupHits[g])
	}
	m.scorer = newScorer(q, m.N, m.GroupDF)
	if m.DocSections, m.AvgDocSections, err = docSectionCounts(ctx, db); err != nil {
		return nil, err
	}
	return m, nil
}

// allSectionDocs maps every section id to its document id (read from the
// (document_id, ord) index, without touching section text).
func allSectionDocs(ctx context.Context, db querier, n int) (map[int64]int64, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, document_id FROM sections INDEXED BY sqlite_autoindex_sections_1`)
	if err != nil {
		return nil, fmt.Errorf("read sections: %w", err)
	}
	defer rows.Close()
	out := make(map[int64]int64, n)
	for rows.Next() {
		var id, doc int64
		if err := rows.Scan(&id, &doc); err != nil {
			return nil, fmt.Errorf("read sections: %w", err)
		}
		out[id] = doc
	}
	return out, rows.Err()
}

// docSectionCounts counts the sections of every document.
func docSectionCounts(ctx context.Context, db querier) (map[int64]int, float64, error) {
	rows, err := db.QueryContext(ctx, `SELECT document_id, count(*) FROM sections GROUP BY document_id`)
	if err != nil {
		return nil, 0, fmt.Errorf("count sections per document: %w", err)
	}
	defer rows.Close()
	out := map[int64]int{}
	total := 0
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, 0, fmt.Errorf("count sections per document: %w", err)
		}
		out[id] = n
		total += n
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("count sections per document: %w", err)
	}
	if len(out) == 0 {
		return out, 0, nil
	}
	return out, float64(total) / float64(len(out)), nil
}

func hasShortTerm(q query.Query) bool {
	for _, t := range q.Terms {
		if !t.FTS() {
			return true
		}
	}
	return false
}

// scanFTSTerm runs one quoted term against the trigram index. FTS5's bm25()
// is negative (lower is better); it is returned negated. The heading column
// weighs headingWeight.
func scanFTSTerm(ctx context.Context, db querier, t query.Term, docOf map[int64]int64, fn func(id, doc int64, score float64)) error {
	rows, err := db.QueryContext(ctx, fmt.Sprintf(`
		SELECT rowid, -bm25(sections_fts, %g, 1.0)
		FROM sections_fts WHERE sections_fts MATCH ?`, headingWeight), t.Expr())
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var score float64
		if err := rows.Scan(&id, &score); err != nil {
			return err
		}
		fn(id, docOf[id], score)
	}
	return rows.Err()
}

// scanShortSubstrings finds terms of one or two characters (検索, 古) with
// instr() over every section, in one pass for all of them, and counts each
// term per column in Go (these terms have no case to fold).
func scanShortSubstrings(ctx context.Context, db querier, terms []string, st corpusStats, fn func(term int, id, doc int64, score float64)) error {
	var where []string
	args := make([]any, len(terms))
	for i, t := range terms {
		args[i] = t
		where = append(where, fmt.Sprintf("instr(content, ?%[1]d) > 0 OR instr(heading, ?%[1]d) > 0", i+1))
	}
	rows, err := db.QueryContext(ctx, `SELECT id, document_id, heading, content FROM sections WHERE `+strings.Join(where, " OR "), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	type hit struct {
		id, doc int64
		dl      int
		freq    []int // heading then content count, per term
	}
	var hits []hit
	df := make([]int, len(terms))
	var heading, content string
	for rows.Next() {
		h := hit{freq: make([]int, 2*len(terms))}
		if err := rows.Scan(&h.id, &h.doc, &heading, &content); err != nil {
			return err
		}
		h.dl = utf8.RuneCountInString(heading) + utf8.RuneCountInString(content)
		for i, t := range terms {
			h.freq[2*i], h.freq[2*i+1] = strings.Count(heading, t), strings.Count(content, t)
			if h.freq[2*i]+h.freq[2*i+1] > 0 {
				df[i]++
			}
		}
		hits = append(hits, h)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for i := range terms {
		idf := ftsIDF(st.n, df[i])
		for _, h := range hits {
			freq := headingWeight*float64(h.freq[2*i]) + float64(h.freq[2*i+1])
			if freq > 0 {
				fn(i, h.id, h.doc, bm25(idf, freq, float64(h.dl), st.avgLen))
			}
		}
	}
	return nil
}

// scanShortWord finds a short Latin term ("ai", "go") with LIKE (ASCII case
// folding) and keeps the sections where it stands as a word.
func scanShortWord(ctx context.Context, db querier, t query.Term, st corpusStats, fn func(id, doc int64, score float64)) error {
	pat := "%" + likeEscaper.Replace(t.Text) + "%"
	rows, err := db.QueryContext(ctx, `
		SELECT id, document_id, heading, content FROM sections
		WHERE content LIKE ?1 ESCAPE '\' OR heading LIKE ?1 ESCAPE '\'`, pat)
	if err != nil {
		return err
	}
	defer rows.Close()
	type hit struct {
		id, doc    int64
		dl, hf, cf int
	}
	var hits []hit
	for rows.Next() {
		var h hit
		var heading, content string
		if err := rows.Scan(&h.id, &h.doc, &heading, &content); err != nil {
			return err
		}
		h.hf, h.cf = query.Count(heading, t), query.Count(content, t)
		if h.hf+h.cf == 0 {
			continue
		}
		h.dl = utf8.RuneCountInString(heading) + utf8.RuneCountInString(content)
		hits = append(hits, h)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	idf := ftsIDF(st.n, len(hits))
	for _, h := range hits {
		freq := headingWeight*float64(h.hf) + float64(h.cf)
		fn(h.id, h.doc, bm25(idf, freq, float64(h.dl), st.avgLen))
	}
	return nil
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// corpusStats are the section count and mean section length in characters
// (heading + content), the N and avgdl of BM25.
type corpusStats struct {
	n      int
	avgLen float64
}

// statsCache remembers the mean section length per engine, checked against
// the section count and highest id, which change whenever sections are
// re-inserted: computing the mean reads every section. A changed section
// kept under its id leaves the mean slightly off until the next change of
// count or id, which only nudges BM25's length normalisation.
var statsCache sync.Map // *Engine → cachedStats

type cachedStats struct {
	n     int
	maxID int64
	stats corpusStats
}

// sectionStats returns N, and avgdl when withLength (short terms need it).
func (e *Engine) sectionStats(ctx context.Context, db querier, withLength bool) (corpusStats, error) {
	var n int
	var maxID int64
	if err := db.QueryRowContext(ctx, `SELECT count(*), coalesce(max(id), 0) FROM sections`).Scan(&n, &maxID); err != nil {
		return corpusStats{}, fmt.Errorf("count sections: %w", err)
	}
	if !withLength {
		return corpusStats{n: n}, nil
	}
	if c, ok := statsCache.Load(e); ok {
		if c := c.(cachedStats); c.n == n && c.maxID == maxID {
			return c.stats, nil
		}
	}
	st := corpusStats{n: n}
	if err := db.QueryRowContext(ctx, `SELECT coalesce(avg(length(heading) + length(content)), 0) FROM sections`).Scan(&st.avgLen); err != nil {
		return corpusStats{}, fmt.Errorf("measure sections: %w", err)
	}
	statsCache.Store(e, cachedStats{n: n, maxID: maxID, stats: st})
	return st, nil
}

// SectionScore scores one matched section.
func (m *ftMatches) SectionScore(s *ftSection) ftScore { return m.scorer.section(s.Terms) }
