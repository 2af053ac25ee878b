package reader

import "database/sql"

// Reader reads the index through its two pools.
type Reader struct {
	db  *sql.DB // single-statement reads (the writing pool, which sees its own writes)
	rdb *sql.DB // read transactions (BEGIN DEFERRED, query only)
}

// New returns a reader on the engine's pools: db for single statements,
// rdb for read transactions.
func New(db, rdb *sql.DB) *Reader { return &Reader{db: db, rdb: rdb} }
