// Package sectionrows reads sections as retrieval shows and compares them:
// whole rows by id (snippets, headings, lines), every row (link
// suggestions), the document of each section (vector hits) and a
// document's first section; and it orders sections scored by one signal
// (Scored).
//
// It reads the sections table through engine/internal/sqlbatch and the
// storage layer's Querier; it imports nothing else of ubp, never the
// writer, the read side nor the engine.
package sectionrows
