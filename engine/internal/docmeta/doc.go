// Package docmeta reads what search and the graph views show of a
// document: its row id, public id, path, title and type, with the title
// normalised for matching (Meta), and keeps them for one state of the
// index (Cache): the candidates searches asked for, and every document for
// the whole-graph views and link suggestions.
//
// It holds no SQL: it reads the documents' rows through
// engine/internal/store/docrows and the search generation through
// engine/internal/store, and imports index and engine/query (title
// normalisation); never the writer, the read side nor the engine.
package docmeta
