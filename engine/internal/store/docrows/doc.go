// Package docrows is the storage of what retrieval shows of a document:
// it reads the documents table's row id, public id, path, title and type
// (Meta), of some documents or of all.
//
// engine/internal/docmeta calls it (and keeps the rows per state of the
// index). It reads through engine/internal/store/sqlbatch and the storage
// layer's Querier and imports nothing else of ubp: never ranking,
// retrieval, search, the writer, the read side nor the engine.
package docrows
