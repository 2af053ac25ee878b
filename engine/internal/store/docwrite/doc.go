// Package docwrite holds the statements of the index writer
// (engine/internal/writer): what an indexing run reads of the index to
// plan its work and what it writes.
//
// It reads and writes the tables documents (rows, doc_ids, file sizes and
// times), sections, links (rows and resolved targets), source_refs and
// document_keys; it counts sections and links for a run's report; and,
// for a first build, it finds, drops and creates again the triggers that
// feed the full-text tables over sections and move the generation
// counters, and rebuilds those tables (sqlite_master, sections_fts,
// sections_words, search_generation, link_generation). Meta values go
// through package store.
//
// The writer alone calls it, and keeps every decision: what to write,
// when to commit, which links to re-resolve. The functions here run one
// statement (or one read) each, on the transaction the writer holds;
// a Tx prepares each distinct statement once per transaction. Rows are
// this package's own types, so it imports only engine/internal/store and
// graph (link resolution's view of a document).
package docwrite
