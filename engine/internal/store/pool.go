package store

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

// OpenPool opens a connection pool on the index at path and checks it
// answers. immediate makes its transactions begin with BEGIN IMMEDIATE
// (the pool that writes); queryOnly refuses writes on its connections.
func OpenPool(ctx context.Context, path string, immediate, queryOnly bool) (*sql.DB, error) {
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
