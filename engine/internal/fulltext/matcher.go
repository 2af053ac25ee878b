package fulltext

// Matcher matches queries against the full-text tables of one index and
// keeps, for one state of the index, what it read of the corpus: the
// lengths of documents and sections (lengthCache each), the match counts of
// FTS5 terms (countCache) and the best sections of terms read whole or by
// their best rows (scanCache: units, and FTS5 terms in fts), and every
// score of the common terms met again (commonScores). Its methods
// are safe for concurrent use; the zero Matcher is ready.
type Matcher struct {
	docLens   lengthCache[docLength]
	secPlaces lengthCache[sectionPlace]
	units     scanCache[unitKey, termScan]
	fts       scanCache[ftsKey, termScan]
	counts    countCache
	common    commonScores
	// Background, when set, reads the scores of common terms met again
	// (see commonHits); without it they are scored on every search.
	Background Background
}

// Drop lets go of everything kept (the engine closing).
func (mt *Matcher) Drop() {
	mt.docLens.drop()
	mt.secPlaces.drop()
	mt.units.drop()
	mt.fts.drop()
	mt.common.drop()
	mt.counts.mu.Lock()
	mt.counts.counts = nil
	mt.counts.mu.Unlock()
}
