// Package store is the SQLite plumbing of the index (.ubp/index.db): the
// connection pools and their settings, write and read transactions, the
// meta table, schema migrations and the advisory lock files beside the
// index.
//
// It owns no table of documents, sections or links: the index writer
// (engine/internal/writer) and the read side (engine/internal/reader) hold
// their own statements and run them through this package's pools and
// transactions. It imports the SQLite drivers and migrations, and no other
// ubp package.
package store
