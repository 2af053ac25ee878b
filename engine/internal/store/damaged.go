package store

import (
	"errors"

	"github.com/mattn/go-sqlite3"

	"github.com/ubp-dev/ubp/engine/answer"
)

// damaged gives err the remedy of deleting the index file when SQLite
// found the file is no database or a damaged one (SQLITE_NOTADB,
// SQLITE_CORRUPT): it cannot be read, so no indexing run can repair it,
// and the index is built again from the documents once it is gone.
func damaged(err error) error {
	var se sqlite3.Error
	if errors.As(err, &se) && (se.Code == sqlite3.ErrNotADB || se.Code == sqlite3.ErrCorrupt) {
		return answer.WithRemedy(err, answer.RemedyDeleteIndex)
	}
	return err
}
