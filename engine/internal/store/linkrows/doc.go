// Package linkrows is the storage of the links a walk reads: it reads the
// links table's resolved links from and to given documents (LinksFrom,
// LinksTo), in batches of ids.
//
// engine/internal/linkwalk calls it (and keeps the walk and its cache). It
// reads through engine/internal/store/sqlbatch and the storage layer's Querier
// and imports index for the link types; never ranking, retrieval, search,
// the writer, the read side nor the engine.
package linkrows
