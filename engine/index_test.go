package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/writer"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// coreFixture copies testdata/basic (a project root with docs/ and src/)
// to a temp dir and opens its engine, not yet indexed.
func coreFixture(t testing.TB) (*Engine, string) {
	t.Helper()
	root := t.TempDir()
	fixture.MustCopyTree(t, filepath.Join("testdata", "basic"), root, time.Time{})
	return coreProject(t, root, "docs"), filepath.Join(root, "docs")
}

// coreLinkMap lists every link as "source|target text" → target filepath
// ("" when dangling).
func coreLinkMap(t testing.TB, e *Engine) map[string]string {
	t.Helper()
	rows, err := e.db.Query(`SELECT s.filepath, l.target_text, coalesce(d.filepath, '')
		FROM links l JOIN documents s ON s.id = l.source_id LEFT JOIN documents d ON d.id = l.target_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	m := map[string]string{}
	for rows.Next() {
		var from, text, to string
		if err := rows.Scan(&from, &text, &to); err != nil {
			t.Fatal(err)
		}
		m[from+"|"+text] = to
	}
	return m
}

// pathDocID is the doc_id of the document at path (index-format.md): the
// first 12 hex digits of SHA-256(path).
func pathDocID(path string) string {
	sum := sha256.Sum256([]byte(path))
	return hex.EncodeToString(sum[:])[:12]
}

var fixtureLinks = map[string]string{
	"index.md|architecture":           "architecture.md",
	"index.md|designs/database":       "designs/database.md",
	"index.md|guides/setup.md":        "guides/setup.md",
	"index.md|missing-page":           "",
	"index.md|":                       "index.md",
	"architecture.md|database":        "designs/database.md",
	"architecture.md|Overview":        "index.md",
	"designs/database.md|../index.md": "index.md",
	"designs/database.md|arch":        "architecture.md",
	"designs/検索.md|データベース":            "designs/database.md",
	"designs/検索.md|構成":                "architecture.md",
	"guides/setup.md|architecture":    "architecture.md",
	"adrs/001-choice.md|database":     "designs/database.md",
}

func TestIndexFixtureResolvesLinks(t *testing.T) {
	e, _ := coreFixture(t)
	rep := coreIndex(t, e, false)
	if rep.Added != 6 || rep.Updated+rep.Unchanged+rep.Renamed+rep.Deleted != 0 {
		t.Errorf("report %+v, want 6 added", rep)
	}
	if rep.Links != len(fixtureLinks) || rep.Dangling != 1 || rep.Ambiguous != 0 {
		t.Errorf("links %d dangling %d ambiguous %d, want %d, 1, 0", rep.Links, rep.Dangling, rep.Ambiguous, len(fixtureLinks))
	}
	if got := coreLinkMap(t, e); !reflect.DeepEqual(got, fixtureLinks) {
		t.Errorf("links:\n got %v\nwant %v", got, fixtureLinks)
	}
	if rep.Warnings == nil {
		t.Error("Warnings should be an empty list, not nil")
	}
	// Typed links and doc types are stored as parsed.
	if n := coreCount(t, e, `SELECT count(*) FROM links WHERE link_type = 'conflicts_with'`); n != 1 {
		t.Errorf("conflicts_with links = %d, want 1", n)
	}
	if n := coreCount(t, e, `SELECT count(DISTINCT doc_type) FROM documents`); n != 4 {
		t.Errorf("doc types = %d, want 4 (spec, design, guide, adr)", n)
	}
	// Hidden folders are never indexed.
	if n := coreCount(t, e, `SELECT count(*) FROM documents WHERE filepath LIKE '.hidden/%'`); n != 0 {
		t.Error("a hidden folder was indexed")
	}
	// Section rows are searchable through the FTS table.
	if n := coreCount(t, e, `SELECT count(*) FROM sections_fts WHERE sections_fts MATCH '"Clone, then build"'`); n != 1 {
		t.Errorf("FTS match for a section text = %d, want 1", n)
	}
	// doc_id is the first 12 hex digits of SHA-256(filepath).
	var docID, updated string
	if err := e.db.QueryRow(`SELECT doc_id, updated_at FROM documents WHERE filepath = 'index.md'`).Scan(&docID, &updated); err != nil {
		t.Fatal(err)
	}
	if docID != pathDocID("index.md") {
		t.Errorf("doc_id %s", docID)
	}
	if _, err := time.Parse(time.RFC3339, updated); err != nil || !strings.HasSuffix(updated, "Z") {
		t.Errorf("updated_at %q is not RFC 3339 UTC", updated)
	}
}

// dbFilesState is the size and modification time of the index files.
func dbFilesState(t testing.TB, e *Engine) string {
	t.Helper()
	var b strings.Builder
	for _, f := range []string{e.Project().DBPath(), e.Project().DBPath() + "-wal"} {
		st, err := os.Stat(f)
		if err != nil {
			fmt.Fprintf(&b, "%s: absent; ", filepath.Base(f))
			continue
		}
		fmt.Fprintf(&b, "%s: %d bytes, %s; ", filepath.Base(f), st.Size(), st.ModTime().Format(time.RFC3339Nano))
	}
	return b.String()
}

func TestIndexUnchangedFolderWritesNothing(t *testing.T) {
	e, _ := coreFixture(t)
	first := coreIndex(t, e, false)
	before := dbFilesState(t, e)
	rep := coreIndex(t, e, false)
	want := IndexReport{Unchanged: 6, Sections: first.Sections, Links: first.Links, Dangling: 1, Warnings: rep.Warnings, Elapsed: rep.Elapsed}
	if !reflect.DeepEqual(rep, want) {
		t.Errorf("no-op report %+v, want %+v", rep, want)
	}
	if after := dbFilesState(t, e); after != before {
		t.Errorf("a no-op index wrote to the database:\nbefore %s\nafter  %s", before, after)
	}
	// A second engine (another process) sees the same: nothing to do.
	e2 := coreOpen(t, e.Project())
	if rep := coreIndex(t, e2, false); rep.Unchanged != 6 || rep.Added+rep.Updated+rep.Deleted+rep.Renamed != 0 {
		t.Errorf("second engine report %+v", rep)
	}
	if after := dbFilesState(t, e); after != before {
		t.Errorf("a no-op index from a second engine wrote:\nbefore %s\nafter  %s", before, after)
	}
}

func TestIndexTouchedFileIsUnchanged(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	coreTouchLater(t, filepath.Join(docs, "guides", "setup.md"))
	rep := coreIndex(t, e, false)
	if rep.Unchanged != 6 || rep.Updated != 0 {
		t.Errorf("after touch: %+v", rep)
	}
	before := dbFilesState(t, e)
	coreIndex(t, e, false)
	if after := dbFilesState(t, e); after != before {
		t.Error("the run after a touch wrote again: the new mtime was not recorded")
	}
}

func sectionRows(t testing.TB, e *Engine, path string) map[string]int64 {
	t.Helper()
	rows, err := e.db.Query(`SELECT s.heading, s.id FROM sections s JOIN documents d ON d.id = s.document_id
		WHERE d.filepath = ? ORDER BY s.ord`, path)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	m := map[string]int64{}
	for rows.Next() {
		var h string
		var id int64
		if err := rows.Scan(&h, &id); err != nil {
			t.Fatal(err)
		}
		m[h] = id
	}
	return m
}

func TestIndexEditRewritesOnlyChangedSections(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	before := sectionRows(t, e, "guides/setup.md")
	if len(before) != 3 {
		t.Fatalf("setup.md sections %v", before)
	}
	setup := filepath.Join(docs, "guides", "setup.md")
	src, err := os.ReadFile(setup)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), "Run make.", "Run make install.", 1) + `
## Upgrade

Replace the binary with the new release and run the index command once, so
that a schema migration can rebuild derived tables; the decision record
[[adrs/001-choice]] explains why the index is a single local file.
`
	coreEdit(t, setup, edited)
	rep := coreIndex(t, e, false)
	if rep.Updated != 1 || rep.Unchanged != 5 || rep.Added != 0 {
		t.Errorf("report %+v", rep)
	}
	after := sectionRows(t, e, "guides/setup.md")
	if len(after) != 4 {
		t.Fatalf("sections after edit %v", after)
	}
	if after[""] != before[""] || after["From source"] != before["From source"] {
		t.Errorf("unchanged sections lost their rows: before %v after %v", before, after)
	}
	if _, ok := after["Upgrade"]; !ok {
		t.Error("new section missing")
	}
	if n := coreCount(t, e, `SELECT count(*) FROM sections_fts WHERE sections_fts MATCH '"make install"'`); n != 1 {
		t.Errorf("edited text not in FTS (%d)", n)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM sections_fts WHERE sections_fts MATCH '"Run make."'`); n != 0 {
		t.Errorf("old text still in FTS (%d)", n)
	}
	if got := coreLinkMap(t, e)["guides/setup.md|adrs/001-choice"]; got != "adrs/001-choice.md" {
		t.Errorf("new link resolves to %q", got)
	}
	// Removing sections deletes their rows.
	coreEdit(t, filepath.Join(docs, "guides", "setup.md"), "# Setup\n\nNothing left.\n")
	coreIndex(t, e, false)
	if got := sectionRows(t, e, "guides/setup.md"); len(got) != 1 {
		t.Errorf("sections after shrinking: %v", got)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM sections_fts WHERE sections_fts MATCH '"Clone, then build"'`); n != 0 {
		t.Error("deleted section still in FTS")
	}
}

func TestIndexDeleteLeavesDanglingLinks(t *testing.T) {
	e, docs := coreFixture(t)
	first := coreIndex(t, e, false)
	dbFile := filepath.Join(docs, "designs", "database.md")
	saved, err := os.ReadFile(dbFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(dbFile); err != nil {
		t.Fatal(err)
	}
	rep := coreIndex(t, e, false)
	if rep.Deleted != 1 || rep.Unchanged != 5 {
		t.Errorf("report %+v", rep)
	}
	// database.md's own 2 links go; the 4 links to it stay, dangling.
	if rep.Links != first.Links-2 || rep.Dangling != 1+4 {
		t.Errorf("links %d dangling %d, want %d and 5", rep.Links, rep.Dangling, first.Links-2)
	}
	links := coreLinkMap(t, e)
	for _, k := range []string{"index.md|designs/database", "architecture.md|database", "designs/検索.md|データベース", "adrs/001-choice.md|database"} {
		if to, ok := links[k]; !ok || to != "" {
			t.Errorf("link %s: present=%v target=%q, want kept and dangling", k, ok, to)
		}
	}
	// The file comes back (new id): the dangling links resolve by themselves.
	if err := os.WriteFile(dbFile, saved, 0o644); err != nil {
		t.Fatal(err)
	}
	rep = coreIndex(t, e, false)
	if rep.Added != 1 || rep.Dangling != 1 {
		t.Errorf("after restore: %+v", rep)
	}
	if got := coreLinkMap(t, e); !reflect.DeepEqual(got, fixtureLinks) {
		t.Errorf("links after restore:\n got %v\nwant %v", got, fixtureLinks)
	}
}

// TestIndexRenameFollowsCurrentNames: a rename reuses the document's row
// (its sections and vectors), takes the doc_id of its new path, and links
// resolve from the current names only, as in a rebuild (see
// TestIndexRebuildMatchesHistory): a link by the old path dangles until a
// file takes that path again.
func TestIndexRenameFollowsCurrentNames(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	ctx := context.Background()
	before, err := e.GetPage(ctx, "designs/database.md")
	if err != nil {
		t.Fatal(err)
	}
	var rowBefore int64
	if err := e.db.QueryRow(`SELECT id FROM documents WHERE filepath = 'designs/database.md'`).Scan(&rowBefore); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(docs, "storage"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(docs, "designs", "database.md"), filepath.Join(docs, "storage", "db-v2.md")); err != nil {
		t.Fatal(err)
	}
	rep := coreIndex(t, e, false)
	if rep.Renamed != 1 || rep.Added != 0 || rep.Deleted != 0 {
		t.Errorf("report %+v, want one rename", rep)
	}
	after, err := e.GetPage(ctx, "storage/db-v2.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := pathDocID("storage/db-v2.md"); after.DocID != want {
		t.Errorf("doc_id after rename = %s, want %s (the new path's)", after.DocID, want)
	}
	var rowAfter int64
	if err := e.db.QueryRow(`SELECT id FROM documents WHERE filepath = 'storage/db-v2.md'`).Scan(&rowAfter); err != nil {
		t.Fatal(err)
	}
	if rowAfter != rowBefore {
		t.Errorf("the rename wrote a new row (%d, was %d)", rowAfter, rowBefore)
	}
	if got := coreLinkMap(t, e)["index.md|designs/database"]; got != "" {
		t.Errorf("link by the old path points to %q, want dangling", got)
	}
	// The relative link inside the renamed file is re-resolved from its new folder.
	if got := coreLinkMap(t, e)["storage/db-v2.md|../index.md"]; got != "index.md" {
		t.Errorf("relative link from the renamed file: %q", got)
	}
	if _, err := e.GetPage(ctx, "designs/database.md"); err == nil {
		t.Error("old path still found")
	}
	// A new file at the old path takes the link, and the old path's doc_id.
	coreWriteFiles(t, docs, map[string]string{"designs/database.md": "# Database (new)\n"})
	coreIndex(t, e, false)
	if got := coreLinkMap(t, e)["index.md|designs/database"]; got != "designs/database.md" {
		t.Errorf("link by path after a new file took the path: %q", got)
	}
	fresh, err := e.GetPage(ctx, "designs/database.md")
	if err != nil {
		t.Fatal(err)
	}
	if fresh.DocID != before.DocID {
		t.Errorf("doc_id of the new file at the old path = %s, want %s", fresh.DocID, before.DocID)
	}
}

func TestDanglingLinkResolvesWhenTargetAppears(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	coreWriteFiles(t, docs, map[string]string{"notes/missing-page.md": "# Missing page\n"})
	rep := coreIndex(t, e, false)
	if rep.Added != 1 || rep.Dangling != 0 {
		t.Errorf("report %+v", rep)
	}
	if got := coreLinkMap(t, e)["index.md|missing-page"]; got != "notes/missing-page.md" {
		t.Errorf("link resolved to %q", got)
	}
}

func TestIndexFullKeepsSourceRefBaseline(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	root := e.Project().Root
	refSHA := func() (string, bool) {
		var sha *string
		if err := e.db.QueryRow(`SELECT r.sha256 FROM source_refs r JOIN documents d ON d.id = r.document_id
			WHERE d.filepath = 'architecture.md' AND r.path = 'src/main.go'`).Scan(&sha); err != nil {
			t.Fatal(err)
		}
		if sha == nil {
			return "", false
		}
		return *sha, true
	}
	orig, ok := refSHA()
	src, _ := os.ReadFile(filepath.Join(root, "src", "main.go"))
	if sum := sha256.Sum256(src); !ok || orig != hex.EncodeToString(sum[:]) {
		t.Fatalf("baseline sha %q, want the file's", orig)
	}
	var missingSHA *string
	if err := e.db.QueryRow(`SELECT sha256 FROM source_refs WHERE path = 'src/missing.go'`).Scan(&missingSHA); err != nil || missingSHA != nil {
		t.Errorf("missing ref sha = %v, %v; want NULL", missingSHA, err)
	}
	coreEdit(t, filepath.Join(root, "src", "main.go"), "package main\n\nfunc main() { println() }\n")
	rep := coreIndex(t, e, true)
	if rep.Unchanged != 6 || rep.Updated != 0 {
		t.Errorf("full report %+v", rep)
	}
	if now, _ := refSHA(); now != orig {
		t.Error("a full re-index reset the source ref baseline")
	}
	// Editing the document re-takes the baseline.
	arch := filepath.Join(docs, "architecture.md")
	b, _ := os.ReadFile(arch)
	coreEdit(t, arch, string(b)+"\nReviewed.\n")
	coreIndex(t, e, false)
	if now, _ := refSHA(); now == orig {
		t.Error("editing the document did not re-take the baseline")
	}
}

func TestIndexHonoursConfigAndWarns(t *testing.T) {
	e, docs := coreFixture(t)
	e.Project().Config.Exclude = []string{"adrs/**"}
	coreWriteFiles(t, docs, map[string]string{
		"bad.md":    "\xff\xfe not utf-8",
		"yaml.md":   "---\ntitle: [unclosed\n---\n# Y\n",
		"notes.txt": "not markdown",
	})
	rep := coreIndex(t, e, false)
	if rep.Added != 6 { // 5 fixture docs + yaml.md
		t.Errorf("added %d, want 6", rep.Added)
	}
	var files []string
	for _, w := range rep.Warnings {
		files = append(files, w.File)
	}
	sort.Strings(files)
	if len(files) != 2 || files[0] != "bad.md" || files[1] != "yaml.md" {
		t.Errorf("warnings %v, want one for bad.md and one for yaml.md", rep.Warnings)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM documents WHERE filepath LIKE 'adrs/%'`); n != 0 {
		t.Error("excluded folder indexed")
	}
	// Excluding a folder later deletes its documents.
	e.Project().Config.Exclude = []string{"adrs/**", "designs/**"}
	rep = coreIndex(t, e, false)
	if rep.Deleted != 2 {
		t.Errorf("deleted %d, want 2", rep.Deleted)
	}
}

func TestIndexCancelled(t *testing.T) {
	e, _ := coreFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Index(ctx, IndexOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Index with a cancelled context: %v", err)
	}
	rep := coreIndex(t, e, false)
	if rep.Added != 6 {
		t.Errorf("index after a cancelled run: %+v", rep)
	}
}

func TestIndexProgress(t *testing.T) {
	e, _ := coreFixture(t)
	var calls [][2]int
	_, err := e.Index(context.Background(), IndexOptions{Progress: func(done, total int) {
		calls = append(calls, [2]int{done, total})
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 7 || calls[0] != [2]int{0, 6} || calls[6] != [2]int{6, 6} {
		t.Errorf("progress calls %v", calls)
	}
}

func TestIndexPaths(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	ctx := context.Background()

	coreWriteFiles(t, docs, map[string]string{"new.md": "# New\n\nSee [[missing-page]].\n"})
	// A change outside the given paths is left for later.
	coreEdit(t, filepath.Join(docs, "adrs", "001-choice.md"), "# ADR 001 edited\n")
	rep, err := e.IndexPaths(ctx, []string{filepath.Join(docs, "new.md")})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Added != 1 || rep.Updated != 0 || rep.Unchanged != 0 || rep.Dangling != 2 {
		t.Errorf("IndexPaths(new.md): %+v", rep)
	}
	var title string
	e.db.QueryRow(`SELECT title FROM documents WHERE filepath = 'adrs/001-choice.md'`).Scan(&title)
	if title != "ADR 001: SQLite" {
		t.Errorf("a file outside the paths was re-indexed (title %q)", title)
	}

	// A deleted file, and a deleted folder given as one path.
	os.Remove(filepath.Join(docs, "new.md"))
	if err := os.RemoveAll(filepath.Join(docs, "designs")); err != nil {
		t.Fatal(err)
	}
	rep, err = e.IndexPaths(ctx, []string{filepath.Join(docs, "new.md"), filepath.Join(docs, "designs")})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Deleted != 3 {
		t.Errorf("deleted %d, want 3: %+v", rep.Deleted, rep)
	}
	// Paths outside the docs folder do nothing.
	rep, err = e.IndexPaths(ctx, []string{filepath.Join(e.Project().Root, "src", "main.go"), "/elsewhere/x.md"})
	if err != nil || rep.Added+rep.Updated+rep.Deleted+rep.Unchanged != 0 {
		t.Errorf("outside paths: %+v, %v", rep, err)
	}
	// The docs folder itself means everything.
	rep, err = e.IndexPaths(ctx, []string{docs})
	if err != nil || rep.Updated != 1 {
		t.Errorf("IndexPaths(docs): %+v, %v", rep, err)
	}
}

func TestInterruptedRunResolvesLinksNextTime(t *testing.T) {
	e, _ := coreFixture(t)
	coreIndex(t, e, false)
	// As if a run wrote documents and stopped before resolving links.
	if _, err := e.db.Exec(`UPDATE links SET target_id = NULL`); err != nil {
		t.Fatal(err)
	}
	if err := store.SetMeta(context.Background(), e.db, writer.MetaNeedsRelink, "1"); err != nil {
		t.Fatal(err)
	}
	rep := coreIndex(t, e, false)
	if rep.Unchanged != 6 || rep.Dangling != 1 {
		t.Errorf("report %+v", rep)
	}
	if got := coreLinkMap(t, e); !reflect.DeepEqual(got, fixtureLinks) {
		t.Errorf("links not re-resolved:\n got %v\nwant %v", got, fixtureLinks)
	}
	if _, set, _ := store.GetMeta(context.Background(), e.db, writer.MetaNeedsRelink); set {
		t.Error("needs_relink still set")
	}
}
