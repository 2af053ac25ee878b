// Package search is the search pipeline behind Engine.Search: the state of
// one search (Run) and its steps, which the engine calls in order inside
// one read transaction. Fulltext runs the full-text signal
// (engine/internal/fulltext) and reads its documents' metadata while the
// engine finds the vector signal (engine/internal/vecsearch) beside it;
// AddVector adds that and its documents' metadata;
// Graph walks the links from the best content documents
// (engine/internal/linkwalk) and credits the documents it reaches by
// their distance (graphSignal); Fuse puts the signals on 0..1 and fuses
// them with the pure ranking package (or reciprocal-rank fusion); Shown
// picks the hits and Answer builds them: sections, relevance reasons,
// staleness (given by the engine's snapshot), linked pages and signal
// ranks.
//
// It reads through the retrieval packages (fulltext, vecsearch, linkwalk,
// docmeta, sectionrows) and the storage layer's Querier, and builds
// engine/answer values with ranking; it imports neither the writer, the
// read side nor the engine (a linked page's summary comes through
// Sources.Summary).
package search
