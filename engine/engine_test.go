package engine

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

func TestWithTx(t *testing.T) {
	e := coreProject(t, t.TempDir(), "docs")
	ctx := context.Background()
	get := func() string {
		v, _, err := store.GetMeta(ctx, e.db, "t")
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if err := e.WithTx(ctx, func(tx *sql.Tx) error { return store.SetMeta(ctx, tx, "t", "committed") }); err != nil {
		t.Fatal(err)
	}
	if get() != "committed" {
		t.Fatal("WithTx did not commit")
	}
	boom := errors.New("boom")
	err := e.WithTx(ctx, func(tx *sql.Tx) error {
		if err := store.SetMeta(ctx, tx, "t", "rolled back"); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) || get() != "committed" {
		t.Errorf("error path: err %v, value %q", err, get())
	}
	func() {
		defer func() {
			if r := recover(); r != "panic in tx" {
				t.Errorf("recovered %v, want the panic to go on", r)
			}
		}()
		_ = e.WithTx(ctx, func(tx *sql.Tx) error {
			if err := store.SetMeta(ctx, tx, "t", "panicked"); err != nil {
				return err
			}
			panic("panic in tx")
		})
	}()
	if get() != "committed" {
		t.Errorf("panic path left %q", get())
	}
	// The connection is usable after a panic (no transaction left open).
	if err := e.WithTx(ctx, func(tx *sql.Tx) error { return store.SetMeta(ctx, tx, "t", "again") }); err != nil || get() != "again" {
		t.Errorf("after panic: %v, %q", err, get())
	}
}

func TestOpenErrors(t *testing.T) {
	if _, err := Open(context.Background(), nil, OpenOptions{}); err == nil {
		t.Error("Open(nil project) succeeded")
	}
	root := t.TempDir()
	p, _, err := InitProject(root, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	// The index path is a folder: a clear error naming it, no panic.
	coreWriteFiles(t, root, map[string]string{".ubp/index.db/x": "not a database"})
	_, err = Open(context.Background(), p, OpenOptions{})
	if err == nil || !strings.Contains(err.Error(), p.DBPath()) {
		t.Errorf("Open on a folder named index.db: %v", err)
	}
}

// TestOpenCorruptIndexFile: an index file that is no SQLite database
// (overwritten with garbage), or whose pages after a valid header are
// garbage, fails to open naming the file, with the remedy of deleting it
// (RemedyDeleteIndex), and that remedy works: without the file, the
// project opens and indexes again.
func TestOpenCorruptIndexFile(t *testing.T) {
	root := t.TempDir()
	coreWriteFiles(t, root, map[string]string{"docs/a.md": "# A\n\nThe alpha value.\n"})
	e := coreProject(t, root, "docs")
	coreIndex(t, e, false)
	p := e.Project()
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(p.DBPath())
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		"garbage":                strings.Repeat("garbage ", 1000),
		"a header, then garbage": string(good[:100]) + strings.Repeat("garbage ", 1000),
	} {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(p.DBPath(), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			e, err := Open(context.Background(), p, OpenOptions{})
			if err == nil {
				e.Close()
				t.Fatal("Open on a corrupt file succeeded")
			}
			if !strings.Contains(err.Error(), p.DBPath()) || RemedyOf(err) != RemedyDeleteIndex {
				t.Errorf("Open on a corrupt file: %v (remedy %v), want the path and RemedyDeleteIndex", err, RemedyOf(err))
			}
			// The remedy: delete the file, build the index again.
			if err := os.Remove(p.DBPath()); err != nil {
				t.Fatal(err)
			}
			e = coreOpen(t, p)
			coreIndex(t, e, false)
			if res := mustFulltext(t, e, FulltextOptions{Query: "alpha"}); res.TotalFound != 1 {
				t.Errorf("after the remedy: %d found, want 1", res.TotalFound)
			}
		})
	}
}

func TestOpenPathWithSpecialCharacters(t *testing.T) {
	root := filepath.Join(t.TempDir(), "my docs ?#%20 日本")
	e := coreProject(t, root, "docs")
	coreWriteFiles(t, filepath.Join(root, "docs"), map[string]string{"a.md": "# A\n"})
	if rep := coreIndex(t, e, false); rep.Added != 1 {
		t.Errorf("report %+v", rep)
	}
	if _, err := os.Stat(filepath.Join(root, ".ubp", "index.db")); err != nil {
		t.Errorf("index not at the expected path: %v", err)
	}
}
