// Package stalesnap is the staleness snapshot's storage and arithmetic:
// every document's staleness under the configured baseline, as one
// `ubp stale` check found it, which search results, pages, status and the
// MCP tools read so they all say what `ubp stale` says.
//
// It reads the check's inputs (documents, their source refs and index
// baselines) and the snapshot stored in the index (tables
// staleness_snapshot and staleness_documents), writes the snapshot back,
// and levels a document at the time of a request (a change ages into
// stale). The engine keeps the snapshot in memory and decides when to
// compute it again; engine/stale does the checking.
//
// It holds no SQL: it reads and writes the rows through
// engine/internal/store/stalerows (it keeps their JSON) and the index
// generation through engine/internal/store, builds engine/answer values
// and imports engine/stale and index; never the engine, the writer or the
// read side.
package stalesnap
