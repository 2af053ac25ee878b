package fulltext

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/ftsrows"
	"github.com/ubp-dev/ubp/engine/query"
)

// Terms of one or two characters (検索, ログ, 古, go, ai) cannot use the
// trigram index. The index keeps their postings in section_units
// (migration 0008): each section's units of one and two non-ASCII runes
// and (migration 0030) its Latin words of one or two characters, heading
// and content apart, one token per occurrence. The triggers queue every
// new or changed section in section_units_pending and the engine writes
// its tokens after each indexing run (FillUnits); search uses the
// postings only when the queue is empty, else it scans.

// unitsBatch is the number of sections whose units one transaction writes.
const unitsBatch = 2000

// FillUnits writes the units of every queued section and empties the
// queue, a batch per write transaction of db (the writing pool). It
// reports how many sections it wrote.
func FillUnits(ctx context.Context, db *sql.DB) (int, error) {
	total := 0
	for {
		// Reading first keeps a run with nothing queued from writing.
		ready, err := unitsReady(ctx, db)
		if err != nil || ready {
			return total, err
		}
		n := 0
		err = store.WithTx(ctx, db, func(tx *sql.Tx) error {
			batch, err := ftsrows.QueuedSections(ctx, tx, unitsBatch)
			if err != nil {
				return err
			}
			units, err := ftsrows.PrepareUnits(ctx, tx)
			if err != nil {
				return err
			}
			defer units.Close()
			for _, r := range batch {
				h, c := unitTokens(r.Heading), unitTokens(r.Content)
				if h == "" && c == "" {
					continue
				}
				if err := units.Insert(ctx, r.ID, h, c); err != nil {
					return err
				}
			}
			if len(batch) == 0 {
				// Queued ids without a section (none is expected: the
				// delete trigger dequeues them).
				return ftsrows.Dequeue(ctx, tx, 0)
			}
			n = len(batch)
			return ftsrows.Dequeue(ctx, tx, batch[len(batch)-1].ID)
		})
		if err != nil {
			return total, fmt.Errorf("index: write the short-term postings: %w", err)
		}
		total += n
	}
}

// unitTokens is the text section_units indexes for s (folded, see
// sections_folded): every Latin word of one or two characters
// (query.ShortWords), every name of one letter and '#' (query.SharpWords,
// written as sharpToken), and in non-ASCII text every unit of countUnits,
// every glued word (query.GluedWords: a Latin word the word index keeps
// inside a kanji's token) and every pair of an ASCII letter or digit and
// a kanji, kana or other letter (query.ScriptPairs: 表1), once per
// occurrence, separated by spaces. A unit has no ASCII character, a short
// word one or two Latin ones only, a glued word at least three, a sharp
// name one Latin rune and '＃', which no folded text holds (NFKC makes it
// '#'), a pair one ASCII rune and one of another script than Latin, so no
// two kinds meet.
func unitTokens(s string) string {
	counts := map[string]int{}
	query.ShortWords(s, func(w string) { counts[w]++ })
	query.SharpWords(s, func(w string) { counts[sharpToken(w)]++ })
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < utf8.RuneSelf
	}
	if !ascii {
		countUnits(s, counts)
		query.GluedWords(s, func(w string) { counts[w]++ })
		query.ScriptPairs(s, func(p string) { counts[p]++ })
	}
	var b strings.Builder
	for u, n := range counts {
		for range n {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(u)
		}
	}
	return b.String()
}

// countUnits adds the one- and two-rune units of non-ASCII runes in s to
// counts, counting a doubled pair (ーー) without overlap as strings.Count
// does, and returns the number of non-ASCII runes. Invalid UTF-8 ends a
// run and makes no unit.
func countUnits(s string, counts map[string]int) int {
	n := 0
	prevStart, prevSize := -1, 0 // previous rune, when non-ASCII
	lastDouble := -1             // second rune of the last counted doubled pair
	for i, r := range s {
		_, size := utf8.DecodeRuneInString(s[i:])
		if r < utf8.RuneSelf || r == utf8.RuneError && size == 1 {
			prevStart = -1
			continue
		}
		n++
		counts[s[i:i+size]]++
		if prevStart >= 0 {
			pair := s[prevStart : i+size]
			switch {
			case s[prevStart:prevStart+prevSize] != s[i:i+size]:
				counts[pair]++
			case lastDouble != prevStart: // a doubled pair not overlapping the last
				counts[pair]++
				lastDouble = i
			}
		}
		prevStart, prevSize = i, size
	}
	return n
}

// sharpToken is the token of section_units that holds the name w of
// query.SharpWords (c#): its letter and a full-width '＃', as the table's
// tokenizer ends a token at an ASCII '#' and keeps every non-ASCII rune.
func sharpToken(w string) string {
	return strings.TrimSuffix(w, "#") + "＃"
}

// isUnitTerm reports whether t is what section_units indexes: one or two
// runes, all outside ASCII.
func isUnitTerm(t string) bool {
	n := 0
	for _, r := range t {
		if r < utf8.RuneSelf || r == utf8.RuneError {
			return false
		}
		n++
	}
	return n == 1 || n == 2
}

// UnitsQueued reports whether sections wait for their units (FillUnits
// writes them; search scans meanwhile).
func UnitsQueued(ctx context.Context, db store.Querier) (bool, error) {
	ready, err := unitsReady(ctx, db)
	return !ready, err
}

// unitsReady reports whether section_units covers every section.
func unitsReady(ctx context.Context, db store.Querier) (bool, error) {
	pending, err := ftsrows.AnyQueued(ctx, db)
	if err != nil {
		return false, err
	}
	return !pending, nil
}

// unitHit is one section holding a unit: its occurrences in the heading
// and in the content.
type unitHit struct {
	id     int64
	hf, cf int32
}

// unitKey names a unit's scan: the unit (or the prefix of glued words),
// and the number of best sections kept.
type unitKey struct {
	unit  string
	glued bool
	limit int
}

// unitPostings reads the postings of unit t, or with glued those of the
// glued words starting with t.
func unitPostings(ctx context.Context, db store.Querier, t string, glued bool) ([]unitHit, error) {
	hits := []unitHit{}
	read := ftsrows.UnitPostings
	if glued {
		read = ftsrows.GluedPostings
	}
	err := read(ctx, db, t, func(id int64, hf, cf int32) {
		hits = append(hits, unitHit{id: id, hf: hf, cf: cf})
	})
	if err != nil {
		return nil, err
	}
	return hits, nil
}

// scanUnit scores every section holding the unit t with BM25 from its
// postings, exactly as scanShortSubstrings scores a substring: the
// heading's occurrences weigh headingWeight, the length is the section's.
// It passes on the best limit (keepBest) and reports how many sections
// hold the unit; both come from the matcher's cache (units) when it has
// them. With glued, t is a Latin word and the postings are those of the
// glued words starting with it (see query.Glued).
func (mt *Matcher) scanUnit(ctx context.Context, db store.Querier, t string, glued bool, st corpusStats, limit int, fn func(id, doc int64, score float64)) (int, error) {
	gen, err := store.SearchGeneration(ctx, db)
	if err != nil {
		return 0, err
	}
	key := unitKey{t, glued, limit}
	s, ok := mt.units.get(gen, key)
	if !ok {
		if s, err = mt.readUnit(ctx, db, t, glued, st, limit); err != nil {
			return 0, err
		}
		mt.units.put(gen, key, s)
	}
	for _, h := range s.best {
		fn(h.id, h.doc, h.score)
	}
	return s.df, nil
}

// readUnit reads and scores the postings of unit t (see scanUnit).
func (mt *Matcher) readUnit(ctx context.Context, db store.Querier, t string, glued bool, st corpusStats, limit int) (termScan, error) {
	hits, err := unitPostings(ctx, db, t, glued)
	if err != nil {
		return termScan{}, err
	}
	ids := make([]int64, len(hits))
	for i, h := range hits {
		ids[i] = h.id
	}
	places, err := mt.sectionPlaces(ctx, db, ids)
	if err != nil {
		return termScan{}, err
	}
	idf := termIDF(st.n, len(hits))
	scored := make([]scoredHit, 0, len(hits))
	for _, h := range hits {
		p, ok := places[h.id]
		if !ok {
			continue
		}
		freq := headingWeight*float64(h.hf) + float64(h.cf)
		scored = append(scored, scoredHit{h.id, p.doc, bm25(idf, freq, float64(p.len), st.avgLen)})
	}
	best, err := keepBest(scored, limit, placesIn(ctx, db))
	if err != nil {
		return termScan{}, err
	}
	// A clone lets the cache keep the best sections without the rest.
	return termScan{best: slices.Clone(best), df: len(scored)}, nil
}
