// Package embedrun is the embedding step of an indexing run: after the
// writer has written the documents and the short-term postings are in,
// Run embeds the sections that are new, changed or embedded by another
// model (only those of the documents the run wrote when the index was
// complete before it), in batches each committed on its own; a first
// build stores the raw vectors and indexes them once, with the common
// component removed. Then it recomputes the common component when the
// vectors embedded since it was computed are worth it (component.go) and
// retrains the vector cells when due (cells.go).
//
// A cancelled run stops at a safe point: no SQL statement sees the
// cancelled context (see Run), no new batch starts, and the vectors stored
// are brought in line with the component before the cancellation is
// reported.
//
// It writes through engine/internal/store (transactions, meta) and
// engine/internal/store/vecstore, and embeds with engine/embed; never the
// read side, the search packages nor the engine.
package embedrun
