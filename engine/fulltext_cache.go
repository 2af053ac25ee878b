package engine

import (
	"context"
	"fmt"
	"sync"
	"unicode/utf8"
)

// sectionIndex is an in-memory snapshot of what search needs from every
// document and section, valid for one search generation (the counter of
// migration 0003, moved by every insert, update and delete of a section or
// document): the documents' metadata, the corpus statistics, each
// section's document, the sections per document, and postings of every one- and two-character unit of non-ASCII
// text (検, 検索, ログ). Terms of one or two characters cannot use the
// trigram index; without the postings each of them would scan every
// section's text.
type sectionIndex struct {
	gen int64
	// meta is every document's metadata, shared by all searches of this
	// generation: read only.
	meta           map[int64]*docMeta
	stats          corpusStats
	docOf          map[int64]int64 // section id → document id
	secLen         map[int64]int32 // section id → heading + content length in characters
	docLen         map[int64]int   // document id → length of all its sections
	avgDocLen      float64
	docSections    map[int64]int // document id → number of sections
	avgDocSections float64
	ids            []int64 // section ids, by position
	docs           []int64 // document of each position
	dl             []int32 // heading + content length in characters
	// units maps a one- or two-rune string of non-ASCII runes to the
	// sections holding it; nil when the corpus was too large to index
	// (short terms then scan the table).
	units map[string][]unitPosting
}

// unitPosting is one section holding a unit, with its number of
// (non-overlapping) occurrences in the heading and in the content.
type unitPosting struct {
	pos              int32 // index into sectionIndex.ids
	heading, content uint16
}

// maxIndexedRunes bounds the non-ASCII text the unit postings cover: each
// rune adds at most two postings of 8 bytes, so at most 64 MB at the limit
// (about 4,000 Japanese documents of 1,000 characters); a larger corpus
// scans the table for short terms.
const maxIndexedRunes = 4_000_000

// sectionIndexHolder keeps an engine's current snapshot.
type sectionIndexHolder struct {
	mu  sync.Mutex
	cur *sectionIndex
}

// sectionIndex returns the snapshot for the index db sees, building it
// when sections or documents changed since the last one. A reader whose transaction is
// older than the kept snapshot builds its own without keeping it.
func (e *Engine) sectionIndex(ctx context.Context, db querier) (*sectionIndex, error) {
	var gen int64
	if err := db.QueryRowContext(ctx, `SELECT n FROM search_generation WHERE id = 1`).Scan(&gen); err != nil {
		return nil, fmt.Errorf("read search generation: %w", err)
	}
	h := &e.search
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.cur != nil && h.cur.gen == gen {
		return h.cur, nil
	}
	idx, err := buildSectionIndex(ctx, db, gen)
	if err != nil {
		return nil, err
	}
	if h.cur == nil || gen > h.cur.gen {
		h.cur = idx
	}
	return idx, nil
}

// buildSectionIndex reads every document and section once.
func buildSectionIndex(ctx context.Context, db querier, gen int64) (*sectionIndex, error) {
	meta, err := loadDocMeta(ctx, db)
	if err != nil {
		return nil, err
	}
	rows, err := db.QueryContext(ctx, `SELECT id, document_id, heading, content FROM sections ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("read sections: %w", err)
	}
	defer rows.Close()
	idx := &sectionIndex{
		gen:         gen,
		meta:        meta,
		docOf:       map[int64]int64{},
		secLen:      map[int64]int32{},
		docLen:      map[int64]int{},
		docSections: map[int64]int{},
		units:       map[string][]unitPosting{},
	}
	var total, indexed int
	var heading, content string
	hc, cc := map[string]int{}, map[string]int{}
	for rows.Next() {
		var id, doc int64
		if err := rows.Scan(&id, &doc, &heading, &content); err != nil {
			return nil, fmt.Errorf("read sections: %w", err)
		}
		pos := int32(len(idx.ids))
		dl := utf8.RuneCountInString(heading) + utf8.RuneCountInString(content)
		idx.ids = append(idx.ids, id)
		idx.docs = append(idx.docs, doc)
		idx.dl = append(idx.dl, int32(dl))
		idx.docOf[id] = doc
		idx.secLen[id] = int32(dl)
		idx.docLen[doc] += dl
		idx.docSections[doc]++
		total += dl
		if idx.units == nil {
			continue
		}
		clear(hc)
		clear(cc)
		indexed += countUnits(heading, hc) + countUnits(content, cc)
		if indexed > maxIndexedRunes {
			idx.units = nil
			continue
		}
		for u, n := range hc {
			idx.units[u] = append(idx.units[u], unitPosting{pos: pos, heading: sat16(n), content: sat16(cc[u])})
		}
		for u, n := range cc {
			if hc[u] == 0 {
				idx.units[u] = append(idx.units[u], unitPosting{pos: pos, content: sat16(n)})
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read sections: %w", err)
	}
	idx.stats.n = len(idx.ids)
	if idx.stats.n > 0 {
		idx.stats.avgLen = float64(total) / float64(idx.stats.n)
	}
	if len(idx.docSections) > 0 {
		idx.avgDocSections = float64(idx.stats.n) / float64(len(idx.docSections))
		idx.avgDocLen = float64(total) / float64(len(idx.docSections))
	}
	return idx, nil
}

// countUnits adds the one- and two-rune units of non-ASCII runes in s to
// counts, counting a doubled pair (ーー) without overlap as strings.Count
// does, and returns the number of non-ASCII runes.
func countUnits(s string, counts map[string]int) int {
	n := 0
	prevStart, prevSize := -1, 0 // previous rune, when non-ASCII
	lastDouble := -1             // second rune of the last counted doubled pair
	for i, r := range s {
		if r < utf8.RuneSelf {
			prevStart = -1
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
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

func sat16(n int) uint16 { return uint16(min(n, 0xffff)) }

// servesUnit reports whether the postings can find t: one or two runes,
// all outside ASCII.
func (idx *sectionIndex) servesUnit(t string) bool {
	if idx.units == nil {
		return false
	}
	n := 0
	for _, r := range t {
		if r < utf8.RuneSelf {
			return false
		}
		n++
	}
	return n == 1 || n == 2
}

// scanUnit scores every section holding t with BM25, like
// scanShortSubstrings.
func (idx *sectionIndex) scanUnit(t string, fn func(id, doc int64, score float64)) {
	ps := idx.units[t]
	idf := termIDF(idx.stats.n, len(ps))
	for _, p := range ps {
		freq := headingWeight*float64(p.heading) + float64(p.content)
		fn(idx.ids[p.pos], idx.docs[p.pos], bm25(idf, freq, float64(idx.dl[p.pos]), idx.stats.avgLen))
	}
}

// docMetas is every document's metadata from the current snapshot. The map
// and its entries are shared: read only.
func (e *Engine) docMetas(ctx context.Context, db querier) (map[int64]*docMeta, error) {
	idx, err := e.sectionIndex(ctx, db)
	if err != nil {
		return nil, err
	}
	return idx.meta, nil
}
