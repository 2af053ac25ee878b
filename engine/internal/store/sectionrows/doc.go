// Package sectionrows is the storage of sections as retrieval shows and
// compares them: it reads the sections table, whole rows by id (snippets,
// headings, lines), every row one at a time (link suggestions by
// keywords), the document of each section (vector hits, link
// suggestions) and a document's first section; and it orders
// sections scored by one signal (Scored), the value retrieval passes on.
//
// Full-text and vector retrieval, the search pipeline, link suggestions
// and the engine call it. It reads through engine/internal/store/sqlbatch and
// the storage layer's Querier and imports nothing else of ubp: never
// ranking, retrieval, search, the writer, the read side nor the engine.
package sectionrows
