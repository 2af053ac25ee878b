package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine"
)

// TestCorruptIndexSaysWhatToDo: an index file overwritten with garbage
// fails every command naming the file and saying what to do (delete it and
// run ubp index), and doing that recovers the project.
func TestCorruptIndexSaysWhatToDo(t *testing.T) {
	root := initProjectWith(t, map[string]string{"docs/a.md": "# A\n\nThe alpha value.\n"})
	db := filepath.Join(root, ".ubp", "index.db")
	if err := os.WriteFile(db, []byte(strings.Repeat("garbage ", 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"search", "alpha"}, {"index", "--full"}, {"status"}} {
		code, _, stderr := runCLI(t, root, args...)
		if code != 1 || !strings.Contains(stderr, db) || !strings.Contains(stderr, "delete the index file and run `ubp index`") {
			t.Errorf("ubp %s: exit %d, stderr %q; want 1, the file and what to do", strings.Join(args, " "), code, stderr)
		}
	}
	if err := os.Remove(db); err != nil {
		t.Fatal(err)
	}
	mustCLI(t, root, "index")
	if out := mustCLI(t, root, "search", "alpha"); !strings.Contains(out, "a.md") {
		t.Errorf("after the remedy, search found nothing:\n%s", out)
	}
}

// TestDamagedTableSaysWhatToDo: an index whose file opens but one of whose
// tables is damaged (its root page no longer a b-tree page, as a disk
// error or a torn copy leaves it) fails the commands that read that table
// naming the index file and saying what to do, as a file that does not
// open at all does (TestCorruptIndexSaysWhatToDo), rather than with
// SQLite's bare "database disk image is malformed".
func TestDamagedTableSaysWhatToDo(t *testing.T) {
	commands := [][]string{
		{"status"},
		{"search", "alpha"},
		{"get-page", "a.md"},
		{"get-context", "a.md"},
		{"list-pages"},
		{"get-graph"},
		{"index", "--full"},
	}
	for _, table := range []string{"documents", "sections", "links"} {
		t.Run(table, func(t *testing.T) {
			root := initProjectWith(t, map[string]string{
				"docs/a.md": "# A\n\nThe alpha value, see [[b]].\n",
				"docs/b.md": "# B\n\nThe beta value.\n",
			})
			db := filepath.Join(root, ".ubp", "index.db")
			damageRootPage(t, db, table)
			failed := 0
			for _, args := range commands {
				code, _, stderr := runCLI(t, root, args...)
				if code == 0 {
					continue
				}
				failed++
				if code != 1 || !strings.Contains(stderr, db) || !strings.Contains(stderr, "delete the index file and run `ubp index`") {
					t.Errorf("ubp %s with table %s damaged: exit %d, stderr %q; want 1, the file and what to do",
						strings.Join(args, " "), table, code, stderr)
				}
			}
			if failed == 0 {
				t.Fatalf("no command noticed table %s damaged", table)
			}
		})
	}
}

// damageRootPage overwrites the page type of table's root page in the index
// file db with a value no b-tree page has, so that SQLite reports the file
// damaged (SQLITE_CORRUPT) when a statement reads the table, while the file
// still opens.
func damageRootPage(t *testing.T, db, table string) {
	t.Helper()
	conn, err := sql.Open(engine.SQLiteDriver(), db)
	if err != nil {
		t.Fatal(err)
	}
	var root, pageSize int64
	if err := conn.QueryRow(`SELECT rootpage FROM sqlite_schema WHERE name = ?`, table).Scan(&root); err != nil {
		t.Fatal(err)
	}
	if err := conn.QueryRow(`PRAGMA page_size`).Scan(&pageSize); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	if err := conn.Close(); err != nil {
		t.Fatal(err)
	}
	if root < 2 {
		t.Fatalf("table %s has root page %d", table, root)
	}
	f, err := os.OpenFile(db, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt([]byte{0x01}, (root-1)*pageSize); err != nil {
		t.Fatal(err)
	}
}

// TestIndexSymlinkToMissingTargetIsKept: a .ubp/index.db that is a symlink
// to a file that is not there (its disk not mounted) fails the command
// naming the file, and the symlink stays: the command did not create it,
// so it must not delete it as it deletes an index file it created and
// could not build.
func TestIndexSymlinkToMissingTargetIsKept(t *testing.T) {
	root := initProjectWith(t, map[string]string{"docs/a.md": "# A\n\nThe alpha value.\n"})
	db := filepath.Join(root, ".ubp", "index.db")
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Remove(db + suffix); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	target := filepath.Join(t.TempDir(), "unmounted", "index.db")
	if err := os.Symlink(target, db); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, root, "status")
	if code == 0 || !strings.Contains(stderr, db) {
		t.Errorf("status with index.db a dangling symlink: exit %d, stderr %q; want an error naming the file", code, stderr)
	}
	if got, err := os.Readlink(db); err != nil || got != target {
		t.Errorf("after the failed status, index.db links to %q (%v); want the symlink kept, to %s", got, err, target)
	}
}
