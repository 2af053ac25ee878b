package store

import (
	"errors"
	"fmt"

	"github.com/mattn/go-sqlite3"

	"github.com/ubp-dev/ubp/engine/answer"
)

// damaged gives err the remedy of deleting the index file when SQLite
// found the file is no database or a damaged one (SQLITE_NOTADB,
// SQLITE_CORRUPT): it cannot be read, so no indexing run can repair it,
// and the index is built again from the documents once it is gone.
func damaged(err error) error {
	if isDamage(err) {
		return answer.WithRemedy(err, answer.RemedyDeleteIndex)
	}
	return err
}

// isDamage reports whether SQLite said, somewhere in err's chain, that the
// file is no database or a damaged one.
func isDamage(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && (se.Code == sqlite3.ErrNotADB || se.Code == sqlite3.ErrCorrupt)
}

// Damaged is err, from any statement on the index at path, named for what
// it is when SQLite found the file damaged: "index PATH is damaged: err",
// with the remedy of deleting the file (see damaged). A file that opens can
// still be damaged in the pages of one table (a disk error, a torn copy),
// which SQLite finds only when a statement reads them, long after OpenPool
// checked the file. An error that already carries a remedy, or that is no
// damage, is returned as it is.
func Damaged(path string, err error) error {
	if err == nil || answer.RemedyOf(err) != answer.NoRemedy || !isDamage(err) {
		return err
	}
	return answer.WithRemedy(fmt.Errorf("index %s is damaged: %w", path, err), answer.RemedyDeleteIndex)
}
