package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Querier is what both *sql.DB and *sql.Tx offer for reading.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Execer is what both *sql.DB and *sql.Tx offer for writing.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// The meta keys more than one part of the engine reads or writes.
const (
	// MetaSchemaVersion is the version of the last migration applied.
	MetaSchemaVersion = "schema_version"
	// MetaNeedsReindex is "1" after a migration that demands a full
	// re-index, until an indexing run has made it.
	MetaNeedsReindex = "needs_reindex"
	// MetaLastIndexedAt is the time of the last indexing run that changed
	// the index (RFC 3339, UTC).
	MetaLastIndexedAt = "last_indexed_at"
	// MetaSkippedFiles holds, as JSON, the files of the docs folder the
	// last runs over them skipped (index.Warning each: over
	// max_file_size, not text, a symlink leading nowhere or outside, ...).
	// A skipped file has no document, so without it only the run that met
	// it named it; status and get-page read it (pageread.SkippedFiles).
	MetaSkippedFiles = "skipped_files"
	// MetaDocumentKeys is set once table document_keys holds the keys of
	// every document (graph.DocKeys): the writer's link resolution and the
	// read side's page lookup then load only the documents a name can
	// mean.
	MetaDocumentKeys = "document_keys"
	// DocumentKeysWithLookup is the value of MetaDocumentKeys once every
	// document's keys include those page lookup finds it by
	// (pageref.DocKeys); an index whose keys were written before holds
	// "1" until a run writes them all again.
	DocumentKeysWithLookup = "2"
)

// GetMeta returns the meta value for key, and whether it is set.
func GetMeta(ctx context.Context, q Querier, key string) (string, bool, error) {
	var v string
	err := q.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	if err == sql.ErrNoRows {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read meta %s: %w", key, err)
	}
	return v, true, nil
}

// SetMeta sets the meta value for key.
func SetMeta(ctx context.Context, x Execer, key, value string) error {
	_, err := x.ExecContext(ctx,
		`INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
		key, value)
	if err != nil {
		return fmt.Errorf("write meta %s: %w", key, err)
	}
	return nil
}

// DeleteMeta removes key from meta.
func DeleteMeta(ctx context.Context, x Execer, key string) error {
	if _, err := x.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, key); err != nil {
		return fmt.Errorf("write meta %s: %w", key, err)
	}
	return nil
}
