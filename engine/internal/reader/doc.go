// Package reader is the read side of the index: pages (ListPages, Page,
// ResolvePage), section texts, the centre of a context, the document
// graph, the details a graph view shows, status counts and the stored
// file stats the freshness check compares. Every answer it builds is read
// in one read transaction, so it never shows a document half-way through
// an update.
//
// It holds the logic of those answers (checking list options, page lookup
// rules, rebuilding stored bodies, reading frontmatter) and no SQL: its
// statements are in engine/internal/store/pageread, which it calls with
// the pool or transaction in hand. The engine's API methods call it and
// add what needs the engine's caches or the staleness snapshot; the graph
// answer itself is built by engine/internal/graphview. It imports the
// storage layer, engine/answer, index, graph, engine/stale (for levels),
// engine/freshness, engine/internal/docbody and engine/internal/pageref,
// and neither the writer nor the engine.
package reader
