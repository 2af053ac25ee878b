package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// TestWriterPoolSpillsLate: every connection of a writing pool lets a
// transaction keep spillPages dirty pages before spilling; a reading pool
// keeps SQLite's default (the page cache's size).
func TestWriterPoolSpillsLate(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	w, err := OpenPool(ctx, path, true, false)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r, err := OpenPool(ctx, path, false, true)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// Two connections of the writer at once, so both come from the hook.
	c1, err := w.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c1.Close()
	c2, err := w.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	var n int
	for i, row := range []func() error{
		func() error { return c1.QueryRowContext(ctx, `PRAGMA cache_spill`).Scan(&n) },
		func() error { return c2.QueryRowContext(ctx, `PRAGMA cache_spill`).Scan(&n) },
	} {
		if err := row(); err != nil {
			t.Fatal(err)
		}
		if n != spillPages {
			t.Errorf("writer connection %d: cache_spill %d, want %d", i+1, n, spillPages)
		}
	}
	if err := r.QueryRowContext(ctx, `PRAGMA cache_spill`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n == spillPages {
		t.Errorf("reader connection: cache_spill %d, want SQLite's default", n)
	}
}

// TestReaderPoolMapsTheFile: every connection of a reading pool reads the
// index through a memory map of up to readerMmapBytes (PRAGMA mmap_size),
// so a search's reads of many pages (the vector cells' chunks, posting
// lists) are not each copied in by a system call; a writing pool keeps
// SQLite's default (no map).
func TestReaderPoolMapsTheFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	w, err := OpenPool(ctx, path, true, false)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r, err := OpenPool(ctx, path, false, true)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	c1, err := r.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c1.Close()
	c2, err := r.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	var n int64
	for i, c := range []interface {
		QueryRowContext(context.Context, string, ...any) *sql.Row
	}{c1, c2} {
		if err := c.QueryRowContext(ctx, `PRAGMA mmap_size`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != readerMmapBytes {
			t.Errorf("reader connection %d: mmap_size %d, want %d", i+1, n, readerMmapBytes)
		}
	}
	if err := w.QueryRowContext(ctx, `PRAGMA mmap_size`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("writer connection: mmap_size %d, want 0", n)
	}
}
