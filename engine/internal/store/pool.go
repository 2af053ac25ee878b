package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"

	sqlite_vec "github.com/asg017/sqlite-vec-go-bindings/cgo"
	"github.com/mattn/go-sqlite3" // the SQLite driver; build with -tags sqlite_fts5

	"github.com/ubp-dev/ubp/engine/query/textfold"
)

// busyTimeoutMS is how long a connection waits for another writer (in this
// or another process) before giving up with "database is locked". Every
// write transaction of ubp is short, so waiting this long means something
// is wrong.
const busyTimeoutMS = 10000

var registerVec sync.Once

// writerDriver is the go-sqlite3 driver of the pools that write: each
// connection it opens lets a transaction hold spillPages dirty pages in
// memory before SQLite writes them out (PRAGMA cache_spill).
const writerDriver = "sqlite3_ubp_writer"

// spillPages: by default SQLite writes a transaction's dirty pages out as
// soon as they fill the page cache (about 2 MB), and every spill evicts the
// pages the next rows go into. A first build's transaction of 1,024
// documents dirties about 10 MB: replaying the writes of a 10,000-document
// build, its 36,008 links took 2.0 s with spills and 1.1 s without, and the
// whole replay 3.5 s against 2.7 s (a larger page cache does not help; the
// spilling does the harm). 4,096 pages (16 MB at SQLite's 4 KiB) keep such
// a transaction in memory, and bound what a longer one (a full-text
// rebuild) holds before it spills.
const spillPages = 4096

// readerDriver is the go-sqlite3 driver of the pools that only read.
const readerDriver = "sqlite3_ubp_reader"

var registerDrivers sync.Once

// registerDriversOnce registers the drivers of both pools. Every
// connection has the text-folding function (textfold.SQLFunc) that the
// full-text tables' triggers and the sections_folded view call (migration
// 0014): without it, no section could be written and the view not read.
func registerDriversOnce() {
	sql.Register(readerDriver, &sqlite3.SQLiteDriver{ConnectHook: registerFunctions})
	sql.Register(writerDriver, &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		if err := registerFunctions(c); err != nil {
			return err
		}
		if _, err := c.Exec(fmt.Sprintf("PRAGMA cache_spill = %d", spillPages), nil); err != nil {
			return fmt.Errorf("set cache_spill: %w", err)
		}
		return nil
	}})
}

// DriverName registers ubp's drivers (once) and returns the name of the
// one for reading, for code that opens an index with sql.Open: its
// connections have ubp's SQL functions and no other setting.
func DriverName() string {
	registerDrivers.Do(registerDriversOnce)
	return readerDriver
}

// FoldFunc is the name of the SQL function, on every connection, that
// folds a text value as queries are folded (textfold.String: NFKC), for
// statements that compare or order text as a reader does (ＡＰＩ as API).
const FoldFunc = textfold.SQLFunc

// registerFunctions adds ubp's SQL functions to connection c.
func registerFunctions(c *sqlite3.SQLiteConn) error {
	if err := c.RegisterFunc(textfold.SQLFunc, textfold.String, true); err != nil {
		return fmt.Errorf("register %s: %w", textfold.SQLFunc, err)
	}
	return nil
}

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
// answers; a file that is no database, or a damaged one, fails with
// answer.RemedyDeleteIndex, and one SQLite may not write (a read-only .ubp
// folder) with answer.RemedyWritable. immediate makes its transactions begin with BEGIN IMMEDIATE
// (the pool that writes); queryOnly refuses writes on its connections.
func OpenPool(ctx context.Context, path string, immediate, queryOnly bool) (*sql.DB, error) {
	registerVec.Do(sqlite_vec.Auto)
	driver := DriverName()
	if immediate {
		driver = writerDriver
	}
	db, err := sql.Open(driver, dsn(path, immediate, queryOnly))
	if err != nil {
		return nil, fmt.Errorf("open index %s: %w", path, err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, damaged(fmt.Errorf("open index %s: %w", path, err))
	}
	return db, nil
}
