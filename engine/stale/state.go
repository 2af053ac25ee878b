package stale

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// currentState caches what refs look like now, so a path named by many
// documents is stat'ed, hashed or parsed once per check.
type currentState struct {
	stats  map[string]Fingerprint
	hashes map[string]Fingerprint
	decls  map[string]declNow
}

// declNow is a Go symbol ref's declaration in the working tree.
type declNow struct {
	fileExists bool
	found      bool
	text       []byte
	mtime      time.Time
	parseErr   error
	// writtenHash is the SHA-256 of the declaration with the file's own
	// CRLF line ends, when it has any: what an index baseline recorded
	// before declText made them LF.
	writtenHash string
}

func newCurrentState() *currentState {
	return &currentState{stats: map[string]Fingerprint{}, hashes: map[string]Fingerprint{}, decls: map[string]declNow{}}
}

// stat returns the ref's size, mtime and file count without reading
// content (for a Go symbol: the file's).
func (c *currentState) stat(r resolvedRef) (Fingerprint, error) {
	k := r.key()
	if fp, ok := c.stats[k]; ok {
		return fp, nil
	}
	fp, err := fingerprint(r, false)
	if err != nil {
		return Fingerprint{}, err
	}
	c.stats[k] = fp
	return fp, nil
}

// hash returns the ref's full fingerprint.
func (c *currentState) hash(r resolvedRef) (Fingerprint, error) {
	k := r.key()
	if fp, ok := c.hashes[k]; ok {
		return fp, nil
	}
	fp, err := fingerprint(r, true)
	if err != nil {
		return Fingerprint{}, err
	}
	c.hashes[k] = fp
	return fp, nil
}

// decl parses a Go symbol ref's file as it is now.
func (c *currentState) decl(r resolvedRef) (declNow, error) {
	k := r.key()
	if d, ok := c.decls[k]; ok {
		return d, nil
	}
	var d declNow
	fi, err := os.Stat(r.real)
	switch {
	case err == nil && fi.Mode().IsRegular():
		src, err := os.ReadFile(r.real)
		if err != nil {
			return declNow{}, fmt.Errorf("source_ref %q: %w", r.ref.String(), err)
		}
		d.fileExists = true
		d.mtime = fi.ModTime()
		var written []byte
		written, d.found, d.parseErr = declTextAsWritten(r.rel, src, r.ref.Symbol)
		if d.text = lfOnly(written); d.found && !bytes.Equal(written, d.text) {
			d.writtenHash = sha256Hex(written)
		}
	case err == nil, errors.Is(err, fs.ErrNotExist), isNotDir(err):
	default:
		return declNow{}, fmt.Errorf("source_ref %q: %w", r.ref.String(), err)
	}
	c.decls[k] = d
	return d, nil
}
