// Package indextest builds real indexes for the tests of the engine's
// internal packages that read or extend one (full text, link walks, the
// embedding step, document metadata, section rows): a migrated SQLite file
// in root/.ubp, and the index writer's run over root/docs, as an indexing
// run of the engine does (the documents those tests index are written with
// internal/fixture). Only _test.go files import it; it may import the
// storage layer, the writer and index.
package indextest
