// Package pageread holds the statements of the read side of the index:
// what pages (GetPage, ListPages, page lookup), the centre of a context,
// section texts, the document graph and its dangling links, graph details,
// status counts and the freshness check read of the documents, sections,
// links and source_refs tables. It reads only, through the querier or
// read transaction its caller already has, and returns typed rows or
// engine/answer values.
//
// engine/internal/reader and the graph answers (engine/internal/graphview)
// call it; the tests that compare an index with a rebuild read its state
// (internal/fixture's IndexState) through it. It imports
// engine/internal/store, engine/internal/store/sqlbatch, engine/answer, index
// and graph, and never the read side, retrieval, search, ranking, the
// writer or the engine.
package pageread
