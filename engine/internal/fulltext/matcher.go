package fulltext

// Matcher matches queries against the full-text tables of one index and
// keeps, for one state of the index, what it read of the corpus: the
// lengths of documents and sections (lengthCache) and the best sections
// of short terms (unitCache). Its methods are safe for concurrent use; the
// zero Matcher is ready.
type Matcher struct {
	lengths lengthCache
	units   unitCache
}

// Drop lets go of everything kept (the engine closing).
func (mt *Matcher) Drop() {
	mt.lengths.mu.Lock()
	mt.lengths.lens, mt.lengths.secs = nil, nil
	mt.lengths.mu.Unlock()
	mt.units.mu.Lock()
	mt.units.terms = nil
	mt.units.mu.Unlock()
}
