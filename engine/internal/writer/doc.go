// Package writer is the index writer: one indexing run (Writer.Run) takes
// the index lock, compares the docs folder with the index by size and
// modification time (scan.go), reads, hashes and parses the changed files
// in parallel (parse.go), writes each document whole in shared
// transactions (write.go, batch.go), detects renames, deletes what is
// gone, re-resolves the links the run can have changed (relink.go,
// resolve.go), and stamps and counts the index. A first build defers the
// full-text index to one rebuild at its end (fts.go).
//
// The engine orchestrates it: Engine.Index and Engine.IndexPaths call Run,
// and what follows the writing (short-term postings, embeddings) runs in
// Options.AfterWrite, still under the lock.
//
// It holds no SQL: its statements are engine/internal/store/docwrite's,
// run on the transactions it opens through engine/internal/store (pools,
// transactions, meta), which it batches and commits. It imports index,
// graph, engine/stale (source ref baselines), engine/answer (the report),
// engine/internal/docbody and engine/internal/pageref; never the engine
// itself nor the read side.
package writer
