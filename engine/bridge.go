package engine

import (
	"context"
	"database/sql"

	"github.com/ubp-dev/ubp/engine/internal/reader"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/migrations"
)

// The storage layer (engine/internal/store) and the read side
// (engine/internal/reader) under the names search, full text, suggestions
// and embeddings use for them: that code still lives in this package, and
// these go with it when it moves to packages of its own.

// querier is what both *sql.DB and *sql.Tx offer for reading.
type querier = store.Querier

// getMeta returns the meta value for key, and whether it is set.
func getMeta(ctx context.Context, q querier, key string) (string, bool, error) {
	return store.GetMeta(ctx, q, key)
}

// setMeta sets the meta value for key.
func setMeta(ctx context.Context, x store.Execer, key, value string) error {
	return store.SetMeta(ctx, x, key, value)
}

// docBody reads the Markdown body of document id.
func docBody(ctx context.Context, q querier, id int64) (string, error) {
	return reader.Body(ctx, q, id)
}

// migrateWith applies the steps of all the database has not reached yet.
func migrateWith(ctx context.Context, db *sql.DB, path string, all []migrations.Migration) (int, error) {
	return store.MigrateWith(ctx, db, path, all)
}

// metaSchemaVersion is the meta key of the schema version.
const metaSchemaVersion = store.MetaSchemaVersion
