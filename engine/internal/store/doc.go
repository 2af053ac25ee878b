// Package store is the storage layer of the index (.ubp/index.db): the
// one place that holds SQL. This package is its plumbing: the connection
// pools and their settings, write and read transactions, the meta table,
// schema migrations, the advisory lock files beside the index, and the one
// read both sides of the engine make the same way, documents as link
// resolution knows them (LoadResolver).
//
// Its subpackages hold the statements, a package per group of tables, as
// typed functions over a transaction the caller opened here:
//
//   - docwrite: what an indexing run reads to plan and writes (documents,
//     sections, links, source refs, keys, the first build's full-text steps)
//   - pageread: the read side's queries (pages, bodies, links, the graph,
//     page lists, status counts)
//   - ftsrows: full-text retrieval (FTS5 matches and counts, length tables,
//     short-term postings)
//   - vecstore: section vectors, the sqlite-vec table and its cells
//   - sectionrows, docrows, linkrows: the sections, document metadata and
//     links retrieval reads
//   - stalerows: the staleness snapshot and its check's inputs
//   - sqlbatch: a query over a long id list in batches of placeholders
//
// The writer, the read side, retrieval and search call these and hold no
// statement of their own (internal/layout tests it). The storage layer
// imports graph, index, engine/answer (values it reads into),
// engine/embed (vector arithmetic, vecstore only) and migrations; never
// retrieval, search, ranking, the writer or the read side.
package store
