// Package docmeta reads what search and the graph views show of a
// document: its row id, public id, path, title and type, with the title
// normalised for matching (Meta), and keeps them for one state of the
// index (Cache): the candidates searches asked for, and every document for
// the whole-graph views and link suggestions.
//
// It reads the documents table through engine/internal/store (the search
// generation) and engine/internal/sqlbatch, and imports index and
// engine/query (title normalisation); never the writer, the read side nor
// the engine.
package docmeta
