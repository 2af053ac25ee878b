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
//
// A file, or a .ubp folder, this user may not write (SQLITE_READONLY: SQLite
// then opens the file read-only, or cannot create the WAL files beside it)
// gets the remedy of making them writable.
func damaged(err error) error {
	switch {
	case isDamage(err):
		return answer.WithRemedy(err, answer.RemedyDeleteIndex)
	case isReadOnly(err):
		return answer.WithRemedy(err, answer.RemedyWritable)
	}
	return err
}

// isDamage reports whether SQLite said, somewhere in err's chain, that the
// file is no database or a damaged one.
func isDamage(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && (se.Code == sqlite3.ErrNotADB || se.Code == sqlite3.ErrCorrupt)
}

// isReadOnly reports whether SQLite refused, somewhere in err's chain, to
// write the file (SQLITE_READONLY and its extended codes).
func isReadOnly(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.Code == sqlite3.ErrReadonly
}

// Damaged is err, from any statement on the index at path, named for what
// it is when SQLite found the file damaged: "index PATH is damaged: err",
// with the remedy of deleting the file (see damaged). A file that opens can
// still be damaged in the pages of one table (a disk error, a torn copy),
// which SQLite finds only when a statement reads them, long after OpenPool
// checked the file. With writable set (the index was opened to be written),
// SQLite's refusal to write the file is named too ("index PATH cannot be
// written: err"), with the remedy of making it writable: a file this user
// may not write opens read-only, and only the first write fails. An error
// that already carries a remedy, or that is neither, is returned as it is.
func Damaged(path string, err error, writable bool) error {
	if err == nil || answer.RemedyOf(err) != answer.NoRemedy {
		return err
	}
	switch {
	case isDamage(err):
		return answer.WithRemedy(fmt.Errorf("index %s is damaged: %w", path, err), answer.RemedyDeleteIndex)
	case writable && isReadOnly(err):
		return answer.WithRemedy(fmt.Errorf("index %s cannot be written: %w", path, err), answer.RemedyWritable)
	}
	return err
}
