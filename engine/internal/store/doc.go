// Package store is the SQLite plumbing of the index (.ubp/index.db): the
// connection pools and their settings, write and read transactions, the
// meta table, schema migrations and the advisory lock files beside the
// index.
//
// Beyond that it holds the one read both sides of the engine make the
// same way, documents as link resolution knows them (LoadResolver); the
// index writer (engine/internal/writer) and the read side hold their own
// statements and run them through this package's pools and transactions.
// It imports the SQLite drivers, migrations and graph (for the resolver),
// and no other ubp package.
package store
