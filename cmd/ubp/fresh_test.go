package main

import (
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine"
)

// freshClone is a taskflow project whose .ubp/config.json exists but whose
// index.db does not: a fresh clone of a repository that commits its config.
func freshClone(t *testing.T) string {
	t.Helper()
	root := taskflowProject(t)
	removeIndexFiles(filepath.Join(root, ".ubp", "index.db"))
	return root
}

// Every read command on a project without its index builds the index
// first (progress on stderr) instead of answering empty.
func TestReadCommandsBuildMissingIndex(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in stdout
	}{
		{"search", []string{"search", "authentication", "--limit", "3"}, "designs/authentication.md"},
		{"get-page", []string{"get-page", "designs/database.md"}, "designs/database.md"},
		{"status", []string{"status", "--json"}, `"documents": 16`},
		{"list-pages", []string{"list-pages", "--doc-type", "adr"}, "adrs/001-database-choice.md"},
		{"get-graph", []string{"get-graph", "--center", "designs/database.md", "--depth", "1"}, "designs/database.md"},
		{"get-context", []string{"get-context", "designs/database.md", "--depth", "1"}, "related:"},
		{"stale", []string{"stale", "--baseline", "index", "--json"}, `"untracked": 13`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := freshClone(t)
			code, stdout, stderr := runCLI(t, root, tc.args...)
			if code != 0 {
				t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
			}
			if !strings.Contains(stdout, tc.want) {
				t.Errorf("stdout lacks %q:\n%s", tc.want, stdout)
			}
			if !strings.Contains(stderr, "no index yet") || !strings.Contains(stderr, "indexed 16 documents") {
				t.Errorf("stderr should say the index is being built:\n%s", stderr)
			}
			// The next command finds the index built: nothing more to say.
			if code, _, stderr := runCLI(t, root, "status"); code != 0 || stderr != "" {
				t.Errorf("second command: exit %d, stderr %q", code, stderr)
			}
		})
	}
}

// A read command that cannot build the index leaves no empty index.db
// behind (the project would look initialised but empty).
func TestFailedBuildLeavesNoIndex(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".ubp"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := `{"docs_dir": "no-such-folder"}`
	if err := os.WriteFile(filepath.Join(root, ".ubp", "config.json"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, root, "search", "x")
	if code == 0 {
		t.Fatalf("search on a missing docs folder succeeded; stderr %s", stderr)
	}
	if !strings.Contains(stderr, "no-such-folder") {
		t.Errorf("the error should name the docs folder: %s", stderr)
	}
	if _, err := os.Stat(filepath.Join(root, ".ubp", "index.db")); !os.IsNotExist(err) {
		t.Errorf("index.db left behind after a failed build (stat err %v)", err)
	}
}

// Files added, changed or deleted since the last index are re-indexed
// before a read command answers, and `stale` sees them.
func TestReadCommandsSeeChangedFiles(t *testing.T) {
	root := taskflowProject(t)
	doc := "---\ntitle: Quokka plan\nsource_refs:\n  - src/quokka.go\n---\n# Quokka plan\n\nThe quokka migration.\n"
	if err := os.WriteFile(filepath.Join(root, "designs", "quokka.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, "guides", "deployment.md")); err != nil {
		t.Fatal(err)
	}

	code, stdout, stderr := runCLI(t, root, "search", "quokka", "--fulltext", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Results []struct{ Filepath string } `json:"results"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Results) == 0 || res.Results[0].Filepath != "designs/quokka.md" {
		t.Errorf("search did not find the new file: %s", stdout)
	}
	if !strings.Contains(stderr, "re-indexed 2 changed files") {
		t.Errorf("stderr should say what was re-indexed: %q", stderr)
	}
	if code, stdout, _ := runCLI(t, root, "get-page", "guides/deployment.md"); code == 0 {
		t.Errorf("a deleted file is still served: %s", stdout)
	}

	// stale reports the new document, whose ref does not exist.
	doc2 := strings.Replace(doc, "quokka.go", "wombat.go", 1)
	doc2 = strings.Replace(doc2, "Quokka plan", "Wombat plan", 2)
	if err := os.WriteFile(filepath.Join(root, "designs", "wombat.md"), []byte(doc2), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCLI(t, root, "stale", "--baseline", "index", "--json")
	if code != 0 {
		t.Fatalf("stale: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "designs/wombat.md") {
		t.Errorf("stale ignores a file added since the last index:\n%s", stdout)
	}
}

// serve (with or without the watcher) brings the index up to date before
// it serves: here stdin is empty, so the session ends at once, and the
// index must hold every document, including one added since init.
func TestServeCatchesUpFirst(t *testing.T) {
	for _, args := range [][]string{{"serve", "--no-watch", "--no-lock"}, {"serve", "--no-lock"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			root := freshClone(t)
			if code, _, stderr := runCLI(t, root, args...); code != 0 {
				t.Fatalf("serve: exit %d: %s", code, stderr)
			}
			code, stdout, stderr := runCLI(t, root, "status", "--json")
			if code != 0 || stderr != "" || !strings.Contains(stdout, `"documents": 16`) {
				t.Errorf("after serve: exit %d, stderr %q, status %s", code, stderr, stdout)
			}
		})
	}
}

// A built index whose docs folder went away still answers read commands,
// with a warning, instead of failing them.
func TestReadCommandsWarnWhenFolderUnreadable(t *testing.T) {
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(docs, "a.md"), []byte("# Alpha\n\nalpha text\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, root, "init", "--docs-dir", "docs", "--quiet"); code != 0 {
		t.Fatalf("init: %s", stderr)
	}
	if err := os.RemoveAll(docs); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, root, "list-pages")
	if code != 0 || !strings.Contains(stdout, "a.md") {
		t.Errorf("list-pages: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "cannot tell whether the index is current") {
		t.Errorf("no warning on stderr: %q", stderr)
	}
}

// `ubp index` that fails on a project without an index leaves none behind
// either.
func TestFailedIndexLeavesNoIndex(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".ubp"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".ubp", "config.json"), []byte(`{"docs_dir": "missing"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := runCLI(t, root, "index"); code == 0 {
		t.Fatal("index of a missing docs folder succeeded")
	}
	if _, err := os.Stat(filepath.Join(root, ".ubp", "index.db")); !os.IsNotExist(err) {
		t.Errorf("index.db left behind (stat err %v)", err)
	}
}

// A read command writes the short-term postings of sections queued for
// them (a run stopped early, a migration), though no file changed.
func TestReadCommandWritesQueuedUnits(t *testing.T) {
	root := taskflowProject(t)
	db := openIndexDB(t, root)
	queued := func() int {
		t.Helper()
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM section_units_pending`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if _, err := db.Exec(`INSERT OR IGNORE INTO section_units_pending(id) SELECT id FROM sections`); err != nil {
		t.Fatal(err)
	}
	if n := queued(); n == 0 {
		t.Fatal("no section queued")
	}
	code, stdout, stderr := runCLI(t, root, "search", "--fulltext", "search")
	if code != 0 || !strings.Contains(stdout, "search-and-filtering.md") {
		t.Fatalf("search: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if n := queued(); n != 0 {
		t.Errorf("%d sections still queued after a read command", n)
	}
}

// A read command resolves the links again when they wait for it (a run
// stopped before resolving them, or an upgrade that changed the rules),
// though no file changed.
func TestReadCommandResolvesPendingLinks(t *testing.T) {
	root := taskflowProject(t)
	db := openIndexDB(t, root)
	count := func(q string) int {
		t.Helper()
		var n int
		if err := db.QueryRow(q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	resolved := count(`SELECT count(*) FROM links WHERE target_id IS NOT NULL`)
	if resolved == 0 {
		t.Fatal("no link resolved")
	}
	// What an upgrade to new rules leaves: links to resolve again.
	if _, err := db.Exec(`UPDATE links SET target_id = NULL`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT OR REPLACE INTO meta(key, value) VALUES ('needs_relink', '1')`); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, root, "search", "--fulltext", "search")
	if code != 0 || !strings.Contains(stdout, "search-and-filtering.md") {
		t.Fatalf("search: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if n := count(`SELECT count(*) FROM links WHERE target_id IS NOT NULL`); n != resolved {
		t.Errorf("%d links resolved after a read command, want %d", n, resolved)
	}
	if n := count(`SELECT count(*) FROM meta WHERE key = 'needs_relink'`); n != 0 {
		t.Error("needs_relink still set after a read command")
	}
}

// openIndexDB opens the index of the project at root with ubp's driver,
// closed when the test ends.
func openIndexDB(t *testing.T, root string) *sql.DB {
	t.Helper()
	db, err := sql.Open(engine.SQLiteDriver(), filepath.Join(root, ".ubp", "index.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
