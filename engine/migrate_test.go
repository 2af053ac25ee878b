package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/migrations"
)

func TestOpenFreshIndexAppliesEveryMigration(t *testing.T) {
	e := coreProject(t, t.TempDir(), "docs")
	ctx := context.Background()
	v, err := store.SchemaVersion(ctx, e.db)
	if err != nil {
		t.Fatal(err)
	}
	if v != migrations.Latest() || v < 1 {
		t.Errorf("schema version %d, want %d", v, migrations.Latest())
	}
	for _, table := range []string{"meta", "documents", "sections", "sections_fts", "links", "source_refs"} {
		if n := coreCount(t, e, `SELECT count(*) FROM sqlite_master WHERE name = ?`, table); n != 1 {
			t.Errorf("table %s missing", table)
		}
	}
	var mode string
	if err := e.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
	var fk int
	if err := e.db.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys = %d, %v; want 1", fk, err)
	}
	// sqlite-vec is registered on every connection.
	var vecVersion string
	if err := e.db.QueryRow(`SELECT vec_version()`).Scan(&vecVersion); err != nil || vecVersion == "" {
		t.Errorf("vec_version() = %q, %v", vecVersion, err)
	}
}

func TestReopenIsIdempotent(t *testing.T) {
	root := t.TempDir()
	e := coreProject(t, root, "docs")
	coreWriteFiles(t, filepath.Join(root, "docs"), map[string]string{"a.md": "# A\n\nSee [[b]].\n", "b.md": "# B\n"})
	coreIndex(t, e, false)
	p := e.Project()
	for i := 0; i < 3; i++ {
		e2 := coreOpen(t, p)
		if e2.version != migrations.Latest() {
			t.Errorf("reopen %d: version %d", i, e2.version)
		}
		if n := coreCount(t, e2, `SELECT count(*) FROM documents`); n != 2 {
			t.Errorf("reopen %d: %d documents, want 2", i, n)
		}
	}
}

func TestMigrationNeedingReindexForcesFullIndex(t *testing.T) {
	root := t.TempDir()
	e := coreProject(t, root, "docs")
	docs := filepath.Join(root, "docs")
	coreWriteFiles(t, docs, map[string]string{"a.md": "# Alpha\n\nText.\n"})
	coreIndex(t, e, false)
	ctx := context.Background()

	all, err := migrations.All()
	if err != nil {
		t.Fatal(err)
	}
	next := migrations.Migration{Version: migrations.Latest() + 1, Name: "test_reindex",
		SQL: "-- ubp:reindex\nCREATE TABLE test_derived(x INTEGER);", NeedsReindex: true}
	v, err := store.MigrateWith(ctx, e.db, "test.db", append(all, next))
	if err != nil {
		t.Fatalf("migrateWith: %v", err)
	}
	if v != next.Version {
		t.Errorf("version %d, want %d", v, next.Version)
	}
	if got, _, _ := store.GetMeta(ctx, e.db, store.MetaNeedsReindex); got != "1" {
		t.Fatalf("needs_reindex = %q, want 1", got)
	}
	// Applying the same list again changes nothing.
	if v2, err := store.MigrateWith(ctx, e.db, "test.db", append(all, next)); err != nil || v2 != v {
		t.Fatalf("second migrateWith: %d, %v", v2, err)
	}

	// Damage derived data that only a full re-parse restores; the file
	// itself is unchanged, so an incremental run would keep the damage.
	if _, err := e.db.Exec(`UPDATE documents SET title = 'damaged'`); err != nil {
		t.Fatal(err)
	}
	rep := coreIndex(t, e, false)
	if rep.Unchanged != 1 {
		t.Errorf("report %+v", rep)
	}
	var title string
	if err := e.db.QueryRow(`SELECT title FROM documents`).Scan(&title); err != nil || title != "Alpha" {
		t.Errorf("title after forced full index = %q, %v; want Alpha", title, err)
	}
	if _, set, _ := store.GetMeta(ctx, e.db, store.MetaNeedsReindex); set {
		t.Error("needs_reindex still set after the full index")
	}
	// The next run is incremental again.
	if _, err := e.db.Exec(`UPDATE documents SET title = 'damaged'`); err != nil {
		t.Fatal(err)
	}
	coreIndex(t, e, false)
	if err := e.db.QueryRow(`SELECT title FROM documents`).Scan(&title); err != nil || title != "damaged" {
		t.Errorf("incremental run re-parsed an unchanged file (title %q)", title)
	}
}

func TestFailedMigrationRollsBack(t *testing.T) {
	e := coreProject(t, t.TempDir(), "docs")
	ctx := context.Background()
	all, _ := migrations.All()
	bad := migrations.Migration{Version: migrations.Latest() + 1, Name: "bad",
		SQL: "CREATE TABLE half_done(x); THIS IS NOT SQL;"}
	_, err := store.MigrateWith(ctx, e.db, "test.db", append(all, bad))
	if err == nil || !strings.Contains(err.Error(), "to version "+strconv.Itoa(bad.Version)+" (bad)") {
		t.Fatalf("want a migration error naming the step, got %v", err)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM sqlite_master WHERE name = 'half_done'`); n != 0 {
		t.Error("a failed migration left a table behind")
	}
	if v, _ := store.SchemaVersion(ctx, e.db); v != migrations.Latest() {
		t.Errorf("version moved to %d", v)
	}
}

func TestNewerIndexIsRefused(t *testing.T) {
	e := coreProject(t, t.TempDir(), "docs")
	newer := migrations.Latest() + 5
	if err := store.SetMeta(context.Background(), e.db, store.MetaSchemaVersion, strconv.Itoa(newer)); err != nil {
		t.Fatal(err)
	}
	for _, ro := range []bool{false, true} {
		t.Run(fmt.Sprint("read-only ", ro), func(t *testing.T) {
			_, err := Open(context.Background(), e.Project(), OpenOptions{ReadOnly: ro})
			if err == nil || !strings.Contains(err.Error(), "schema version "+strconv.Itoa(newer)) ||
				RemedyOf(err) != RemedyUpgrade {
				t.Errorf("ReadOnly=%v: want a newer-schema error, got %v", ro, err)
			}
		})
	}
}

func TestConcurrentOpenOfNewIndex(t *testing.T) {
	root := t.TempDir()
	cfg := DefaultConfig()
	p, _, err := InitProject(root, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	const openers = 8
	errs := make(chan error, openers)
	for i := 0; i < openers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := Open(context.Background(), p, OpenOptions{})
			if err != nil {
				errs <- err
				return
			}
			errs <- e.Close()
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("concurrent Open: %v", err)
		}
	}
	e := coreOpen(t, p)
	if v, _ := store.SchemaVersion(context.Background(), e.db); v != migrations.Latest() {
		t.Errorf("version %d", v)
	}
}

func TestReadOnlyOpen(t *testing.T) {
	root := t.TempDir()
	p, _, err := InitProject(root, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(context.Background(), p, OpenOptions{ReadOnly: true}); err == nil ||
		!strings.HasSuffix(err.Error(), "does not exist") || RemedyOf(err) != RemedyIndex {
		t.Fatalf("read-only open without an index: %v", err)
	}
	coreWriteFiles(t, filepath.Join(root, "docs"), map[string]string{"a.md": "# A\n"})
	coreIndex(t, coreOpen(t, p), false)
	ro, err := Open(context.Background(), p, OpenOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if _, err := ro.GetPage(context.Background(), "a"); err != nil {
		t.Errorf("read-only GetPage: %v", err)
	}
	if _, err := ro.Index(context.Background(), IndexOptions{}); err == nil {
		t.Error("Index on a read-only engine succeeded")
	}
	if _, err := ro.db.Exec(`DELETE FROM documents`); err == nil {
		t.Error("a write through a read-only engine succeeded")
	}
}
