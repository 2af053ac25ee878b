// Package vecsearch is vector retrieval: a query's vector (the project's
// embedding provider, with the corpus' common component removed), the
// sections nearest to it (engine/internal/store/vecstore, sqlite-vec) and
// the vector signal of a search, those sections' cosine similarities
// aggregated per document.
//
// Cancellation: go-sqlite3 answers a cancelled context with
// sqlite3_interrupt from another goroutine, which is racy and once crashed
// a sqlite-vec query, so the vector queries run under
// context.WithoutCancel and a cancelled search stops after them.
//
// It reads through engine/internal/store/vecstore,
// engine/internal/store/sectionrows and the storage layer's Querier, and
// embeds with engine/embed; it imports neither the writer, the read side
// nor the engine.
package vecsearch
