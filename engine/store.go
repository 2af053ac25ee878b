package engine

import (
	"context"
	"database/sql"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/migrations"
)

// The storage layer (engine/internal/store) under the names the engine's
// own files use for it: search, full text, suggestions and embeddings,
// which still live in this package, read and write through these.

// querier is what both *sql.DB and *sql.Tx offer for reading.
type querier = store.Querier

// execer is what both *sql.DB and *sql.Tx offer for writing.
type execer = store.Execer

// getMeta returns the meta value for key, and whether it is set.
func getMeta(ctx context.Context, q querier, key string) (string, bool, error) {
	return store.GetMeta(ctx, q, key)
}

// setMeta sets the meta value for key.
func setMeta(ctx context.Context, x execer, key, value string) error {
	return store.SetMeta(ctx, x, key, value)
}

// deleteMeta removes key from meta.
func deleteMeta(ctx context.Context, x execer, key string) error {
	return store.DeleteMeta(ctx, x, key)
}

// migrateWith applies the steps of all the database has not reached yet.
func migrateWith(ctx context.Context, db *sql.DB, path string, all []migrations.Migration) (int, error) {
	return store.MigrateWith(ctx, db, path, all)
}

// The meta keys the engine core uses.
const (
	metaSchemaVersion = store.MetaSchemaVersion
	metaNeedsReindex  = store.MetaNeedsReindex
	metaLastIndexedAt = store.MetaLastIndexedAt
	// metaNeedsRelink is set in the transaction of a run's first document
	// write and cleared once links are resolved, so a run that writes
	// nothing can skip resolution safely.
	metaNeedsRelink = "needs_relink"
	// metaDocumentKeys is set once table document_keys holds the keys of
	// every document (see resolveLinks).
	metaDocumentKeys = "document_keys"
)
