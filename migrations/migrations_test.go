package migrations

import (
	"database/sql"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mattn/go-sqlite3"

	"github.com/ubp-dev/ubp/engine/query/textfold"
)

// testDriver is a driver with the SQL function the schema calls since
// migration 14 (textfold.SQLFunc). The engine's own driver cannot be used
// here: the engine imports this package.
const testDriver = "sqlite3_migrations_test"

var registerTestDriver sync.Once

func openTestDB(t *testing.T) *sql.DB {
	t.Helper()
	registerTestDriver.Do(func() {
		sql.Register(testDriver, &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
			return c.RegisterFunc(textfold.SQLFunc, textfold.String, true)
		}})
	})
	db, err := sql.Open(testDriver, filepath.Join(t.TempDir(), "index.db")+"?_foreign_keys=on")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestAllIsOrderedAndContiguous(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 2 {
		t.Fatalf("want at least the init and embeddings migrations, got %d", len(all))
	}
	for i, m := range all {
		if m.Version != i+1 {
			t.Errorf("migration %d_%s: versions must run 1, 2, 3… without gaps; want %d", m.Version, m.Name, i+1)
		}
		if m.Name == "" || strings.TrimSpace(m.SQL) == "" {
			t.Errorf("migration %d: empty name or SQL", m.Version)
		}
		if m.NeedsReindex != strings.HasPrefix(m.SQL, "-- ubp:reindex") {
			t.Errorf("migration %d_%s: NeedsReindex does not follow the first line", m.Version, m.Name)
		}
	}
	if Latest() != all[len(all)-1].Version {
		t.Errorf("Latest() = %d, want %d", Latest(), all[len(all)-1].Version)
	}
}

// TestSchemaApplies runs every migration on a real SQLite file, as the
// engine does, and checks the tables the rest of ubp relies on.
func TestSchemaApplies(t *testing.T) {
	db := openTestDB(t)
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range all {
		if _, err := db.Exec(m.SQL); err != nil {
			t.Fatalf("migration %d_%s: %v", m.Version, m.Name, err)
		}
	}
	for _, table := range []string{"meta", "documents", "sections", "sections_fts", "links", "source_refs", "section_embeddings"} {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM sqlite_master WHERE name = ?`, table).Scan(&n); err != nil || n != 1 {
			t.Errorf("table %s missing after migrations (err %v)", table, err)
		}
	}
	// The trigram index follows the sections table.
	mustExec(t, db, `INSERT INTO documents(id, doc_id, filepath, title, doc_type, body, content_hash, file_size, file_mtime, indexed_at, updated_at)
		VALUES (1, 'd1', 'a.md', 'A', 'design', '', 'h', 0, 0, '', '')`)
	mustExec(t, db, `INSERT INTO sections(document_id, ord, heading, heading_path, anchor, level, content, start_line, end_line, tokens, content_hash)
		VALUES (1, 0, 'Watcher', 'Watcher', 'watcher', 2, 'ファイル監視の仕組み', 1, 2, 10, 'h')`)
	var hits int
	if err := db.QueryRow(`SELECT count(*) FROM sections_fts WHERE sections_fts MATCH '"監視の"'`).Scan(&hits); err != nil || hits != 1 {
		t.Errorf("trigram FTS should find the inserted section: hits %d, err %v", hits, err)
	}
	// Both full-text tables index the folded text (since 14).
	mustExec(t, db, `INSERT INTO sections(document_id, ord, heading, heading_path, anchor, level, content, start_line, end_line, tokens, content_hash)
		VALUES (1, 1, 'Cache', 'Cache', 'cache', 2, 'ＬＲＵ の方式', 3, 4, 10, 'h')`)
	for _, q := range []string{`SELECT count(*) FROM sections_fts WHERE sections_fts MATCH '"lru の"'`, `SELECT count(*) FROM sections_words WHERE sections_words MATCH 'lru'`} {
		if err := db.QueryRow(q).Scan(&hits); err != nil || hits != 1 {
			t.Errorf("%s: hits %d, err %v; want the full-width text found", q, hits, err)
		}
	}
	mustExec(t, db, `DELETE FROM documents WHERE id = 1`)
	if err := db.QueryRow(`SELECT count(*) FROM sections_fts WHERE sections_fts MATCH '"監視の" OR "lru"'`).Scan(&hits); err != nil || hits != 0 {
		t.Errorf("deleting a document must empty its FTS rows: hits %d, err %v", hits, err)
	}
	for _, table := range []string{"sections_fts", "sections_words"} {
		if _, err := db.Exec(`INSERT INTO ` + table + `(` + table + `, rank) VALUES ('integrity-check', 1)`); err != nil {
			t.Errorf("%s after the delete: %v", table, err)
		}
	}
	if _, err := db.Exec(`INSERT INTO documents(doc_id, filepath, title, doc_type, body, content_hash, file_size, file_mtime, indexed_at, updated_at)
		VALUES ('d2', 'b.md', 'B', 'blog', '', 'h', 0, 0, '', '')`); err == nil {
		t.Error("an unknown doc_type must be refused by the schema")
	}
}

func mustExec(t *testing.T, db *sql.DB, q string) {
	t.Helper()
	if _, err := db.Exec(q); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}
