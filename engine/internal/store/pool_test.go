package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// TestPoolPragmas: every connection of a writing pool lets a transaction
// keep spillPages dirty pages before spilling, and a reading pool keeps
// SQLite's default (the page cache's size). Neither maps the file (PRAGMA
// mmap_size 0): a reading pool that mapped it, tried on 2026-11-27, saved
// a search process at 10,000 documents 5 to 9 % of its CPU but raised its
// peak resident size from about 40 MB to 140 MB, every page it touched
// counting as the process's. Two connections of each pool are asked at
// once, so both come from the hook.
func TestPoolPragmas(t *testing.T) {
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
	pools := map[string]*sql.DB{"writer": w, "reader": r}
	tests := []struct {
		pool, pragma string
		want         func(n int64) bool
		wantText     string
	}{
		{"writer", "cache_spill", func(n int64) bool { return n == spillPages }, "spillPages"},
		{"reader", "cache_spill", func(n int64) bool { return n != spillPages }, "SQLite's default"},
		{"reader", "mmap_size", func(n int64) bool { return n == 0 }, "0"},
		{"writer", "mmap_size", func(n int64) bool { return n == 0 }, "0"},
	}
	for _, tc := range tests {
		t.Run(tc.pool+" "+tc.pragma, func(t *testing.T) {
			p := pools[tc.pool]
			c1, err := p.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer c1.Close()
			c2, err := p.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer c2.Close()
			for i, c := range []interface {
				QueryRowContext(context.Context, string, ...any) *sql.Row
			}{c1, c2} {
				var n int64
				if err := c.QueryRowContext(ctx, `PRAGMA `+tc.pragma).Scan(&n); err != nil {
					t.Fatal(err)
				}
				if !tc.want(n) {
					t.Errorf("%s connection %d: %s %d, want %s", tc.pool, i+1, tc.pragma, n, tc.wantText)
				}
			}
		})
	}
}
