// Package stalerows is the storage of the staleness snapshot and of its
// check's inputs: it reads and writes the tables staleness_snapshot (the
// header) and staleness_documents (one row a document, its changed refs
// and their fingerprints as JSON text), and reads what a check starts
// from: documents (path, title, reviewed date, version) and their
// source_refs rows with the baselines stored at indexing. What a request
// over every document reads (RefsOf, AllDocs) comes as packed texts, one
// per table (package packrows), since stepping rows one by one from Go costs more
// than SQLite's reading them.
//
// engine/internal/stalesnap calls it; it keeps the snapshot's values, the
// JSON and the levels. It reads through engine/internal/store/sqlbatch and the
// storage layer's Querier and *sql.Tx, and imports index for the refs;
// never engine/stale, ranking, retrieval, search, the writer, the read
// side nor the engine.
package stalerows
