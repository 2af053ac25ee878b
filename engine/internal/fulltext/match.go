package fulltext

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/ftsrows"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/engine/query/textfold"
)

// Section is one section any query term matched.
type Section struct {
	ID    int64
	Doc   int64     // documents.id
	Len   int       // heading + content length in characters (BM25's dl)
	Terms []float64 // BM25 of each query term in this section, 0 when absent
}

// Matches is the full-text evidence of one query over the whole index.
type Matches struct {
	Query    query.Query
	N        int   // sections in the index
	TermDF   []int // sections matching each term
	GroupDF  []int // sections matching any term of each group (at least each term's TermDF)
	Sections map[int64]*Section
	// DocSections is the number of sections of each matched document, and
	// AvgDocSections the mean over the corpus (for the document size
	// correction).
	DocSections    map[int64]int
	AvgDocSections float64
	// TermIDF is the IDF each term's section scores were computed with.
	TermIDF []float64
	// dfExact says which terms' TermDF is the exact number of sections
	// they match: those whose every match was seen, and those of an FTS5
	// table that needs no check of the rows it finds (rowCheck).
	dfExact []bool
	// bonus says which terms only add to sections other terms found
	// (Japanese bigrams, compounds: no group), so that cutting their rows
	// loses no match.
	bonus  []bool
	stats  corpusStats
	docLen map[int64]int // length of each matched document
	scorer *scorer
}

// Match finds every section matching any term of q and scores each term
// per section. Terms of three or more characters use the FTS5 trigram
// index and its bm25(); shorter ones are scored with the same BM25 formula
// from the postings of section_units (non-ASCII units such as 検索,
// Latin words such as go, names such as c# and pairs such as 表1, see
// units.go; a quoted short word or name, "go" or "c#", as the word it
// counts as, query.Term.QuotedWord), or else from a scan of the sections
// table (while sections wait for their postings, or a term the postings
// do not hold: signs only, "->"). The corpus statistics and the document and length of each matched section
// and document come from the tables of migration 0008 (see stats.go).
func (mt *Matcher) Match(ctx context.Context, db store.Querier, q query.Query) (*Matches, error) {
	m := &Matches{
		Query:    q,
		TermDF:   make([]int, len(q.Terms)),
		TermIDF:  make([]float64, len(q.Terms)),
		GroupDF:  make([]int, len(q.Groups)),
		Sections: map[int64]*Section{},
		dfExact:  make([]bool, len(q.Terms)),
		bonus:    make([]bool, len(q.Terms)),
	}
	for ti, t := range q.Terms {
		m.bonus[ti] = t.Group < 0
	}
	stats, err := readCorpusStats(ctx, db)
	if err != nil {
		return nil, err
	}
	units, err := unitsReady(ctx, db)
	if err != nil {
		return nil, err
	}
	m.N = stats.n
	groupHits := make([]map[int64]bool, len(q.Groups))
	for g := range groupHits {
		groupHits[g] = map[int64]bool{}
	}
	sectionOf := func(id int64) *Section {
		s := m.Sections[id]
		if s == nil {
			s = &Section{ID: id, Terms: make([]float64, len(q.Terms))}
			m.Sections[id] = s
		}
		return s
	}
	parts := make([][]int, len(q.Terms))
	for i, t := range q.Terms {
		parts[i] = q.Parts(t)
	}
	// Bigram bonus terms only strengthen documents that match a concept:
	// their hits wait until every other term has been read and placed.
	bonus := map[int64]*Section{}
	add := func(ti int, id int64, score float64) {
		if score <= 0 {
			return
		}
		if q.Terms[ti].Kind == query.Bigram {
			b := bonus[id]
			if b == nil {
				b = &Section{ID: id, Terms: make([]float64, len(q.Terms))}
				bonus[id] = b
			}
			b.Terms[ti] = score
			return
		}
		sectionOf(id).Terms[ti] = score
		if g := q.Terms[ti].Group; g >= 0 {
			groupHits[g][id] = true
		}
		for _, g := range parts[ti] {
			groupHits[g][id] = true
		}
	}
	var substr []int // short terms without word boundaries: one shared scan
	var short []int  // short Latin words: another shared scan
	var fts []int    // terms of the FTS5 tables: read last (readFTSTerms)
	for ti, t := range q.Terms {
		var err error
		matched := -1
		// A quoted short word or name ("go", "c#") is found as the word
		// (query.Term.QuotedWord): from its postings, not by a scan.
		w := t
		if qw, ok := t.QuotedWord(); ok {
			w = qw
		}
		switch {
		case t.Kind == query.Glued && units:
			matched, err = mt.scanUnit(ctx, db, t.Text, true, stats, maxTermRows, func(id, _ int64, score float64) { add(ti, id, score) })
		case t.FTS():
			fts = append(fts, ti)
		case units && isUnitTerm(t.Text) && (t.NeedsWordEdges() || t.NeedsWordBoundary()):
			// A Latin word or phrase of non-ASCII letters (é, "ü"): the
			// units hold it as written, and inside words (café).
			matched, err = scanCheckedIn(ctx, db, t, caseForms(t.Text), stats, maxTermRows, func(id, _ int64, score float64) { add(ti, id, score) })
		case units && (isUnitTerm(t.Text) || w.ShortWordIndexed()):
			matched, err = mt.scanUnit(ctx, db, w.Text, false, stats, maxTermRows, func(id, _ int64, score float64) { add(ti, id, score) })
		case units && w.SharpWordIndexed():
			matched, err = mt.scanUnit(ctx, db, sharpToken(w.Text), false, stats, maxTermRows, func(id, _ int64, score float64) { add(ti, id, score) })
		case units && t.Kind != query.Phrase && !t.NeedsWordBoundary() && query.IsScriptPair(t.Text):
			matched, err = mt.scanUnit(ctx, db, t.Text, false, stats, maxTermRows, func(id, _ int64, score float64) { add(ti, id, score) })
		case units && t.Kind == query.Phrase && query.IsScriptPair(t.Text) && len(caseForms(t.Text)) == 1:
			matched, err = scanCheckedIn(ctx, db, t, []string{t.Text}, stats, maxTermRows, func(id, _ int64, score float64) { add(ti, id, score) })
		case t.NeedsWordBoundary():
			short = append(short, ti)
		default:
			substr = append(substr, ti)
		}
		if err != nil {
			return nil, fmt.Errorf("full-text search for %q: %w", t.Text, err)
		}
		if matched >= 0 {
			m.TermDF[ti], m.TermIDF[ti] = matched, termIDF(stats.n, matched)
			m.dfExact[ti] = true
		}
	}
	if len(substr) > 0 {
		texts := make([]string, len(substr))
		for i, ti := range substr {
			texts[i] = q.Terms[ti].Text
		}
		terms := make([]query.Term, len(substr))
		for i, ti := range substr {
			terms[i] = q.Terms[ti]
		}
		df, err := scanShortTerms(ctx, db, terms, stats, maxTermRows, func(i int, id, _ int64, score float64) { add(substr[i], id, score) })
		if err != nil {
			return nil, fmt.Errorf("full-text search for %q: %w", texts, err)
		}
		for i, ti := range substr {
			m.TermDF[ti], m.TermIDF[ti] = df[i], termIDF(stats.n, df[i])
			m.dfExact[ti] = true
		}
	}
	if len(short) > 0 {
		terms := make([]query.Term, len(short))
		for i, ti := range short {
			terms[i] = q.Terms[ti]
		}
		df, err := scanShortWords(ctx, db, terms, stats, maxTermRows, func(i int, id, _ int64, score float64) { add(short[i], id, score) })
		if err != nil {
			return nil, fmt.Errorf("full-text search for %q: %w", terms[0].Text, err)
		}
		for i, ti := range short {
			m.TermDF[ti], m.TermIDF[ti] = df[i], termIDF(stats.n, df[i])
			m.dfExact[ti] = true
		}
	}
	matchedSoFar := func() []int64 {
		ids := make([]int64, 0, len(m.Sections))
		for id := range m.Sections {
			ids = append(ids, id)
		}
		return ids
	}
	err = mt.readFTSTerms(ctx, db, q.Terms, fts, stats.n, maxTermRows, matchedSoFar,
		func(ti, matched int) {
			m.TermDF[ti], m.TermIDF[ti] = matched, termIDF(stats.n, matched)
			m.dfExact[ti] = rowCheck(q.Terms[ti]) == nil
		}, add)
	if err != nil {
		return nil, err
	}
	if err := mt.placeSections(ctx, db, m.Sections); err != nil {
		return nil, err
	}
	if len(bonus) > 0 && len(m.Sections) > 0 {
		if err := mt.placeSections(ctx, db, bonus); err != nil {
			return nil, err
		}
		matched := map[int64]bool{}
		for _, s := range m.Sections {
			matched[s.Doc] = true
		}
		for id, b := range bonus {
			if !matched[b.Doc] {
				continue
			}
			s := sectionOf(id)
			s.Doc, s.Len = b.Doc, b.Len
			for ti, sc := range b.Terms {
				if sc > 0 {
					s.Terms[ti] = sc
				}
			}
		}
	}
	caps := glossCaps(q, m.TermIDF)
	for _, s := range m.Sections {
		caps.apply(q, s.Terms, m.TermIDF)
	}
	for g := range groupHits {
		for id := range groupHits[g] {
			if m.Sections[id] == nil {
				delete(groupHits[g], id)
			}
		}
		m.GroupDF[g] = len(groupHits[g])
	}
	// A concept is in at least as many sections as each of its terms: a
	// term in more than maxTermRows sections was scored on the candidates
	// only (readFTSTerms), which hold a few of its sections, and counting
	// those made a common concept weigh as a rare one in coverage.
	for ti, t := range q.Terms {
		if t.Group >= 0 && m.TermDF[ti] > maxTermRows {
			m.GroupDF[t.Group] = max(m.GroupDF[t.Group], m.TermDF[ti])
		}
	}
	lengths, err := mt.docLengths(ctx, db, m.Docs())
	if err != nil {
		return nil, err
	}
	m.DocSections, m.docLen = make(map[int64]int, len(lengths)), make(map[int64]int, len(lengths))
	for id, d := range lengths {
		m.DocSections[id], m.docLen[id] = d.sections, d.len
	}
	m.stats = stats
	m.scorer = newScorer(q, m.N, m.GroupDF)
	m.AvgDocSections = stats.avgDocSections
	return m, nil
}

// ftsIndex is the full-text table that serves t: the word index for
// Latin words that must begin a word (query.Term.WordIndexed), the trigram
// index for the rest.
func ftsIndex(t query.Term) ftsrows.Index {
	if t.WordIndexed() {
		return ftsrows.Words
	}
	return ftsrows.Trigrams
}

// ftsHits reads the sections one term matches in its full-text table
// (ftsIndex): its best limit by bm25() when only is nil, else those of only
// it matches. FTS5's bm25() is negative (lower is better); it is returned
// negated, the heading column weighing headingWeight, and rescaled to our
// IDF with matched, the term's document frequency. The word index matches
// at word starts only; a trigram term that must begin a word
// (Term.NeedsWordStart but not WordIndexed: a gloss of several words) also
// reads the text of the rows read, and only theirs, and drops rows without
// a word-start occurrence.
func ftsHits(ctx context.Context, db store.Querier, t query.Term, n, matched, limit int, only []int64, fn func(id int64, score float64)) error {
	idx := ftsIndex(t)
	var hits []ftsrows.Scored
	var err error
	if only == nil {
		hits, err = ftsrows.BestRows(ctx, db, idx, t.Expr(), headingWeight, limit)
	} else {
		hits, err = ftsrows.ScoreOn(ctx, db, idx, t.Expr(), headingWeight, only)
	}
	if err != nil {
		return err
	}
	return passHits(ctx, db, t, n, matched, hits, fn)
}

// passHits passes on the FTS5 hits of term t (see ftsHits): without the
// rows where a term that must begin a word does not, or a quoted phrase
// stands inside other words only, and rescaled to our IDF with matched,
// the term's document frequency.
func passHits(ctx context.Context, db store.Querier, t query.Term, n, matched int, hits []ftsrows.Scored, fn func(id int64, score float64)) error {
	if keep := rowCheck(t); keep != nil && len(hits) > 0 {
		var err error
		if hits, err = keptRows(ctx, db, hits, keep); err != nil {
			return err
		}
	}
	// FTS5 floors the IDF of a term in most rows at 1e-6; rescale to ours.
	scale := termIDF(n, matched) / sqliteIDF(n, matched)
	for _, h := range hits {
		fn(h.ID, h.Score*scale)
	}
	return nil
}

// rowCheck is the test the text of a row an FTS5 table found for term t
// must pass, nil when every row it finds holds the term: then, and only
// then, the table's count of matches (countMatches) is the term's number
// of sections.
func rowCheck(t query.Term) func(heading, content string) bool {
	switch {
	case t.Kind == query.Glued:
		// Only while the short-term postings are being written: the
		// trigram index finds the word anywhere, the rows read are
		// checked for it written right after a kanji.
		return func(heading, content string) bool {
			return query.HasGlued(textfold.String(heading), t.Text) || query.HasGlued(textfold.String(content), t.Text)
		}
	case t.NeedsWordStart() && !t.WordIndexed():
		return func(heading, content string) bool {
			return query.HasWordStart(textfold.String(heading), t.Text) || query.HasWordStart(textfold.String(content), t.Text)
		}
	case t.NeedsWordEdges() || t.SpansLines() || t.NeedsNumberEdges():
		// A quoted phrase is found where it stands as words ("rust" is
		// not in "Trusted"), a word with a number where its number is
		// whole (ERR42 not in ERR420); both indexes find them inside
		// others.
		return func(heading, content string) bool { return query.Count(heading, t) > 0 || query.Count(content, t) > 0 }
	}
	return nil
}

// keptRows is hits without the rows whose text keep refuses: the text of
// those rows only is read.
func keptRows(ctx context.Context, db store.Querier, hits []ftsrows.Scored, keep func(heading, content string) bool) ([]ftsrows.Scored, error) {
	ids := make([]int64, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	text, err := sectionrows.Load(ctx, db, ids)
	if err != nil {
		return nil, err
	}
	kept := hits[:0]
	for _, h := range hits {
		if r := text[h.ID]; r != nil && keep(r.Heading, r.Content) {
			kept = append(kept, h)
		}
	}
	return kept, nil
}

// scanShortSubstrings finds terms of one or two characters (検索, 古) with
// instr() over every section, in one pass for all of them, and counts each
// term per column in Go, in the folded text (these terms have no case to
// fold). It passes on each term's best limit sections (keepBest) and
// reports every term's document frequency.
func scanShortSubstrings(ctx context.Context, db store.Querier, texts []string, st corpusStats, limit int, fn func(term int, id, doc int64, score float64)) ([]int, error) {
	terms := make([]query.Term, len(texts))
	for i, s := range texts {
		terms[i] = query.Term{Text: s, Kind: query.Word, Script: query.ScriptOther}
	}
	return scanShortTerms(ctx, db, terms, st, limit, fn)
}

// scanShortTerms is scanShortSubstrings for terms that are substrings
// (counted as written in the folded text) or quoted phrases, counted as
// query.Count counts them: whatever their case, and where their Latin
// ends are word ends ("ai" is in "AI" and "AIの", not in "maintain"). A
// phrase's rows are those holding any spelling of it in upper or lower
// case (caseForms). Until 2026-11-28 a phrase was counted as a substring
// of the text not lower-cased: "AI" found "maintain", not "AI".
func scanShortTerms(ctx context.Context, db store.Querier, terms []query.Term, st corpusStats, limit int, fn func(term int, id, doc int64, score float64)) ([]int, error) {
	var needles []string
	phrases := false
	for _, t := range terms {
		if t.Kind == query.Phrase {
			needles = append(needles, caseForms(t.Text)...)
			phrases = true
		} else {
			needles = append(needles, t.Text)
		}
	}
	var sc termCounts
	err := ftsrows.SectionsContainingAny(ctx, db, needles, func(r ftsrows.SectionText) error {
		heading, content := textfold.String(r.Heading), textfold.String(r.Content)
		var lowerH, lowerC []rune
		if phrases {
			lowerH, lowerC = []rune(query.Lower(heading)), []rune(query.Lower(content))
		}
		sc.add(r, len(terms), func(i int) (int, int) {
			if terms[i].Kind == query.Phrase {
				return query.CountLower(lowerH, terms[i]), query.CountLower(lowerC, terms[i])
			}
			return strings.Count(heading, terms[i].Text), strings.Count(content, terms[i].Text)
		})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return sc.pass(len(terms), st, limit, placesIn(ctx, db), fn)
}

// scanCheckedIn finds term t in the sections whose postings hold one of
// forms, reading the text of those sections only, a batch at a time: the
// postings of forms must hold every place where t counts, and may hold
// more. So is a quoted pair of an ASCII digit and a letter of a script
// without case ("新1", "1章"), whose postings hold the pair wherever it
// stands (新12 too), while the phrase counts where its digit ends a number
// (query.Count), and a Latin word or phrase of non-ASCII letters ("é",
// "ü"), whose units are kept as written and inside words (café), while
// the word counts whatever its case, where it stands as a word: forms are
// then its spellings in upper and lower case (caseForms). It scores t as
// scanShortTerms does, passes on its best limit sections and reports how
// many hold it. Until 2026-11-28 the postings answered such terms alone,
// and "新1" found 新12, é café and not É, once they were written.
func scanCheckedIn(ctx context.Context, db store.Querier, t query.Term, forms []string, st corpusStats, limit int, fn func(id, doc int64, score float64)) (int, error) {
	var ids []int64
	for _, f := range forms {
		hits, err := unitPostings(ctx, db, f, false)
		if err != nil {
			return 0, err
		}
		for _, h := range hits {
			ids = append(ids, h.id)
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	var sc termCounts
	for batch := range slices.Chunk(ids, phraseBatch) {
		rows, err := sectionrows.Load(ctx, db, batch)
		if err != nil {
			return 0, err
		}
		for _, id := range batch {
			if r := rows[id]; r != nil {
				sc.add(ftsrows.SectionText{ID: r.ID, Doc: r.Doc, Heading: r.Heading, Content: r.Content}, 1, func(int) (int, int) {
					return query.Count(r.Heading, t), query.Count(r.Content, t)
				})
			}
		}
	}
	df, err := sc.pass(1, st, limit, placesIn(ctx, db), func(_ int, id, doc int64, score float64) { fn(id, doc, score) })
	if err != nil {
		return 0, err
	}
	return df[0], nil
}

// phraseBatch is the number of sections whose text scanCheckedIn holds
// at once.
const phraseBatch = 500

// likeForms is the spellings of s, lower-case, that LIKE needs to find
// every one of caseForms(s): those that differ in more than the case of
// ASCII letters, which LIKE folds (go alone for go, gO, Go and GO; aé and
// aÉ for aé).
func likeForms(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range caseForms(s) {
		key := asciiLower(f)
		if !seen[key] {
			seen[key] = true
			out = append(out, f)
		}
	}
	return out
}

// asciiLower is s with its ASCII letters in lower case, others as they are.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// maxCaseForms bounds the spellings caseForms gives: a short phrase has a
// few; a longer one (not scanned) would have too many.
const maxCaseForms = 64

// caseForms is every spelling of s, lower-case, whose runes lower-case to
// those of s (each rune's case-folding orbit: ai, aI, Ai, AI; k also as
// the Kelvin sign), s first; only s when there would be more than
// maxCaseForms.
func caseForms(s string) []string {
	forms := []string{""}
	for _, r := range s {
		var orbit []rune
		for f := r; ; {
			if unicode.ToLower(f) == r {
				orbit = append(orbit, f)
			}
			if f = unicode.SimpleFold(f); f == r {
				break
			}
		}
		if len(forms)*len(orbit) > maxCaseForms {
			return []string{s}
		}
		next := make([]string, 0, len(forms)*len(orbit))
		for _, f := range forms {
			for _, o := range orbit {
				next = append(next, f+string(o))
			}
		}
		forms = next
	}
	return forms
}

// scanShortWords finds short Latin terms ("ai", "go", "1", "é") with LIKE
// (ASCII case folding) and each of their spellings that differ in the
// case of a non-ASCII letter (likeForms: é and É; until 2026-11-28 "é" and
// "aé" missed É and AÉ while the postings waited), all of them in one pass
// over the sections, and keeps the sections where each stands as a word. It passes on each term's best
// limit sections (keepBest) and reports how many sections hold each.
func scanShortWords(ctx context.Context, db store.Querier, terms []query.Term, st corpusStats, limit int, fn func(term int, id, doc int64, score float64)) ([]int, error) {
	var texts []string
	for _, t := range terms {
		texts = append(texts, likeForms(t.Text)...)
	}
	var sc termCounts
	err := ftsrows.SectionsContainingFolded(ctx, db, texts, func(r ftsrows.SectionText) error {
		heading, content := []rune(query.Normalize(r.Heading)), []rune(query.Normalize(r.Content))
		sc.add(r, len(terms), func(i int) (int, int) {
			return query.CountLower(heading, terms[i]), query.CountLower(content, terms[i])
		})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return sc.pass(len(terms), st, limit, placesIn(ctx, db), fn)
}

// termCounts gathers what a scan counted of several terms in the sections
// it read: those holding at least one, and each term's document frequency.
type termCounts struct {
	hits []countedSection
	df   []int
}

// countedSection is one section a scan found a term in: its length and
// the heading and content count of each term.
type countedSection struct {
	id, doc int64
	dl      int
	freq    []int // heading then content count, per term
}

// add counts the n terms in section r with count (heading, content).
func (c *termCounts) add(r ftsrows.SectionText, n int, count func(term int) (heading, content int)) {
	if c.df == nil {
		c.df = make([]int, n)
	}
	h := countedSection{id: r.ID, doc: r.Doc, freq: make([]int, 2*n)}
	found := false
	for i := range n {
		h.freq[2*i], h.freq[2*i+1] = count(i)
		if h.freq[2*i]+h.freq[2*i+1] > 0 {
			c.df[i]++
			found = true
		}
	}
	if found {
		h.dl = utf8.RuneCountInString(r.Heading) + utf8.RuneCountInString(r.Content)
		c.hits = append(c.hits, h)
	}
}

// pass scores each of the n terms in the sections holding it with BM25
// (the heading's occurrences weigh headingWeight), passes on its best
// limit (keepBest, ties at the cut in the order of byPlace) and returns
// the document frequencies.
func (c *termCounts) pass(n int, st corpusStats, limit int, byPlace func([]int64) ([]int64, error), fn func(term int, id, doc int64, score float64)) ([]int, error) {
	if c.df == nil {
		c.df = make([]int, n)
	}
	for i := range n {
		idf := termIDF(st.n, c.df[i])
		scored := make([]scoredHit, 0, c.df[i])
		for _, h := range c.hits {
			freq := headingWeight*float64(h.freq[2*i]) + float64(h.freq[2*i+1])
			if freq > 0 {
				scored = append(scored, scoredHit{h.id, h.doc, bm25(idf, freq, float64(h.dl), st.avgLen)})
			}
		}
		best, err := keepBest(scored, limit, byPlace)
		if err != nil {
			return nil, err
		}
		for _, h := range best {
			fn(i, h.id, h.doc, h.score)
		}
	}
	return c.df, nil
}

// placesIn orders section ids by their place in the files (see
// ftsrows.TiedByPlace), read through db.
func placesIn(ctx context.Context, db store.Querier) func([]int64) ([]int64, error) {
	return func(ids []int64) ([]int64, error) { return ftsrows.TiedByPlace(ctx, db, ids) }
}

// Partial reports whether Sections holds only part of the query's
// matches: some term is in more sections than full text reads of it
// (maxTermRows), so its other sections, where no other term is, are not
// there. Counts of Sections, or of their documents, are then lower bounds.
func (m *Matches) Partial() bool {
	if m == nil {
		return false
	}
	for ti, df := range m.TermDF {
		if df > maxTermRows && !m.bonus[ti] {
			return true
		}
	}
	return false
}

// SectionCount is the number of sections the query matches, with ok
// false when it is not known exactly. Without Partial it is len(Sections);
// with, it is known only for a query of one term (bonus terms aside, which
// find no section of their own) whose TermDF is exact.
func (m *Matches) SectionCount() (n int, ok bool) {
	if !m.Partial() {
		return len(m.Sections), true
	}
	only := -1
	for ti := range m.TermDF {
		if m.bonus[ti] {
			continue
		}
		if only >= 0 {
			return 0, false
		}
		only = ti
	}
	if only >= 0 && m.dfExact[only] {
		return m.TermDF[only], true
	}
	return 0, false
}

// Docs lists the documents of the matched sections, each once.
func (m *Matches) Docs() []int64 {
	out := make([]int64, 0, len(m.Sections))
	seen := make(map[int64]bool, len(m.Sections))
	for _, s := range m.Sections {
		if !seen[s.Doc] {
			seen[s.Doc] = true
			out = append(out, s.Doc)
		}
	}
	return out
}

// SectionScore scores one matched section.
func (m *Matches) SectionScore(s *Section) Evidence { return m.scorer.section(s.Terms) }
