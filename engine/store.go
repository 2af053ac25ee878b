package engine

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"

	sqlite_vec "github.com/asg017/sqlite-vec-go-bindings/cgo"
	_ "github.com/mattn/go-sqlite3" // the "sqlite3" driver; build with -tags sqlite_fts5
)

// busyTimeoutMS is how long a connection waits for another writer (in this
// or another process) before giving up with "database is locked". Every
// write transaction of ubp is short, so waiting this long means something
// is wrong.
const busyTimeoutMS = 10000

var registerVec sync.Once

// dsn builds the go-sqlite3 connection string for the index at path.
//
// Every connection uses WAL (readers never block the writer, the writer
// never blocks readers), a busy timeout, and foreign keys. Writer pools
// begin transactions with BEGIN IMMEDIATE, so a write transaction takes the
// write lock up front (waiting for it through the busy timeout) instead of
// failing with SQLITE_BUSY when it upgrades from a read.
func dsn(path string, immediate, queryOnly bool) string {
	// A "file:" URI keeps go-sqlite3 from cutting the path at a '?'; escape
	// the characters a URI gives meaning to.
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	q := []string{
		"_busy_timeout=" + fmt.Sprint(busyTimeoutMS),
		"_foreign_keys=on",
		"_journal_mode=WAL",
		"_synchronous=NORMAL",
	}
	if immediate {
		q = append(q, "_txlock=immediate")
	} else {
		q = append(q, "_txlock=deferred")
	}
	if queryOnly {
		q = append(q, "_query_only=on")
	}
	return "file:" + esc + "?" + strings.Join(q, "&")
}

// openPool opens a connection pool on the index and checks it answers.
func openPool(ctx context.Context, path string, immediate, queryOnly bool) (*sql.DB, error) {
	registerVec.Do(sqlite_vec.Auto)
	db, err := sql.Open("sqlite3", dsn(path, immediate, queryOnly))
	if err != nil {
		return nil, fmt.Errorf("open index %s: %w", path, err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open index %s: %w", path, err)
	}
	return db, nil
}

// querier is what both *sql.DB and *sql.Tx offer for reading.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// execer is what both *sql.DB and *sql.Tx offer for writing.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// getMeta returns the meta value for key, and whether it is set.
func getMeta(ctx context.Context, q querier, key string) (string, bool, error) {
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

// setMeta sets the meta value for key.
func setMeta(ctx context.Context, x execer, key, value string) error {
	_, err := x.ExecContext(ctx,
		`INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
		key, value)
	if err != nil {
		return fmt.Errorf("write meta %s: %w", key, err)
	}
	return nil
}

// deleteMeta removes key from meta.
func deleteMeta(ctx context.Context, x execer, key string) error {
	if _, err := x.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, key); err != nil {
		return fmt.Errorf("write meta %s: %w", key, err)
	}
	return nil
}

// The meta keys the engine core uses.
const (
	metaSchemaVersion = "schema_version"
	metaNeedsReindex  = "needs_reindex"
	metaLastIndexedAt = "last_indexed_at"
	// metaNeedsRelink is set in the transaction of a run's first document
	// write and cleared once links are resolved, so a run that writes
	// nothing can skip resolution safely.
	metaNeedsRelink = "needs_relink"
	// metaDocumentKeys is set once table document_keys holds the keys of
	// every document (see resolveLinks).
	metaDocumentKeys = "document_keys"
)
