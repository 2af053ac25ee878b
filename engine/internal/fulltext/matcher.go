package fulltext

// Matcher matches queries against the full-text tables of one index and
// keeps, for one state of the index, what it read of the corpus: the
// lengths of documents and sections (lengthCache), the match counts of
// FTS5 terms (countCache) and the best sections of terms read whole or by
// their best rows (scanCache: units, and FTS5 terms in fts). Its methods
// are safe for concurrent use; the zero Matcher is ready.
type Matcher struct {
	lengths lengthCache
	units   scanCache[unitKey]
	fts     scanCache[ftsKey]
	counts  countCache
}

// Drop lets go of everything kept (the engine closing).
func (mt *Matcher) Drop() {
	mt.lengths.mu.Lock()
	mt.lengths.lens, mt.lengths.secs = nil, nil
	mt.lengths.mu.Unlock()
	mt.units.drop()
	mt.fts.drop()
	mt.counts.mu.Lock()
	mt.counts.counts = nil
	mt.counts.mu.Unlock()
}
