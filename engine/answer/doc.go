// Package answer holds the engine's public answers: the pages, contexts,
// graphs, statuses, indexing reports, search and full-text results and
// link suggestions its API returns, with the options and errors that go
// with them. The CLI prints them with --json and the MCP tools return
// them as structuredContent, so their JSON field names are part of the
// interface: change them deliberately (the MCP schema snapshots fail until
// updated). Package engine names each of them under its own name as well
// (engine.Page is answer.Page).
//
// It holds values and the pure operations on them; it imports index and
// engine/stale for the types it reports, and no package that reads the
// index.
package answer
