package engine

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/migrations"
)

// lengthTables is the content of the tables of migration 0008.
type lengthTables struct {
	sections map[int64][2]int64 // id → document, len
	docs     map[int64][2]int64 // document → sections, len
	corpus   [3]int64           // sections, len, documents
}

// readLengthTables reads what migration 0008's tables hold.
func readLengthTables(t *testing.T, db *sql.DB) lengthTables {
	t.Helper()
	out := lengthTables{sections: map[int64][2]int64{}, docs: map[int64][2]int64{}}
	scanPairs(t, db, `SELECT id, document_id, len FROM section_lengths`, out.sections)
	scanPairs(t, db, `SELECT document_id, sections, len FROM document_lengths`, out.docs)
	if err := db.QueryRow(`SELECT sections, len, documents FROM corpus_lengths WHERE id = 1`).Scan(&out.corpus[0], &out.corpus[1], &out.corpus[2]); err != nil {
		t.Fatal(err)
	}
	return out
}

// wantLengthTables computes the same from the sections, in Go.
func wantLengthTables(t *testing.T, db *sql.DB) lengthTables {
	t.Helper()
	out := lengthTables{sections: map[int64][2]int64{}, docs: map[int64][2]int64{}}
	rows, err := db.Query(`SELECT id, document_id, heading, content FROM sections`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, doc int64
		var heading, content string
		if err := rows.Scan(&id, &doc, &heading, &content); err != nil {
			t.Fatal(err)
		}
		n := int64(utf8.RuneCountInString(heading) + utf8.RuneCountInString(content))
		out.sections[id] = [2]int64{doc, n}
		d := out.docs[doc]
		out.docs[doc] = [2]int64{d[0] + 1, d[1] + n}
		out.corpus[0]++
		out.corpus[1] += n
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	out.corpus[2] = int64(len(out.docs))
	return out
}

func scanPairs(t *testing.T, db *sql.DB, q string, into map[int64][2]int64) {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var k, a, b int64
		if err := rows.Scan(&k, &a, &b); err != nil {
			t.Fatal(err)
		}
		into[k] = [2]int64{a, b}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

func checkLengthTables(t *testing.T, step string, db *sql.DB) {
	t.Helper()
	got, want := readLengthTables(t, db), wantLengthTables(t, db)
	if got.corpus != want.corpus {
		t.Errorf("%s: corpus totals %v, want %v", step, got.corpus, want.corpus)
	}
	for _, c := range []struct {
		name      string
		got, want map[int64][2]int64
	}{{"section", got.sections, want.sections}, {"document", got.docs, want.docs}} {
		if len(c.got) != len(c.want) {
			t.Errorf("%s: %d %s rows, want %d", step, len(c.got), c.name, len(c.want))
		}
		for k, w := range c.want {
			if g := c.got[k]; g != w {
				t.Errorf("%s: %s %d = %v, want %v", step, c.name, k, g, w)
			}
		}
	}
}

// rankedPaths renders a full-text result with its scores.
func rankedPaths(res FulltextResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "total %d\n", res.TotalFound)
	for _, h := range res.Results {
		heading := ""
		if h.SectionHeading != nil {
			heading = *h.SectionHeading
		}
		fmt.Fprintf(&b, "%s#%s %.4f\n", h.Filepath, heading, h.Rank)
	}
	return b.String()
}

// searchedPaths renders a search result with its scores.
func searchedPaths(res SearchResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "total %d\n", res.TotalFound)
	for _, h := range res.Results {
		fmt.Fprintf(&b, "%s %.4f %.4f %.4f\n", h.Filepath, h.Score, h.ScoreBreakdown.BM25, h.ScoreBreakdown.GraphProximity)
	}
	return b.String()
}

// TestSearchStatisticsFollowEdits edits, adds and deletes documents and
// sections, and after each step checks that the kept lengths equal those
// computed from the sections, and that searches score exactly as on an
// index built from scratch over the same files.
func TestSearchStatisticsFollowEdits(t *testing.T) {
	files := map[string]string{
		"a.md": "---\ntitle: Search guide\n---\n\n# Search\n\n検索の話。search pipeline details.\n\n## 詳細\n\n索引の話。See [[b]].\n",
		"b.md": "---\ntitle: B\n---\n\n# B\n\n別の話。The pipeline of indexing.\n\n## More\n\nSearch pipeline and ranking.\n",
		"c.md": "# C\n\nUnrelated words about storage. [[a]]\n",
	}
	e := searchProject(t, files, "none")
	docs := e.Project().DocsDir()
	queries := []string{"search pipeline", "検索", "索引の話", "ranking", "storage pipeline"}
	steps := []struct {
		name  string
		write map[string]string // "" deletes
	}{
		{"initial", nil},
		{"edit a section", map[string]string{"a.md": "---\ntitle: Search guide\n---\n\n# Search\n\n検索の話を長くした。search pipeline details, and more search.\n\n## 詳細\n\n索引の話。See [[b]].\n"}},
		{"add sections", map[string]string{"b.md": "---\ntitle: B\n---\n\n# B\n\n別の話。The pipeline of indexing.\n\n## More\n\nSearch pipeline and ranking.\n\n## Even more\n\nRanking of search results.\n\n## Last\n\n検索の索引。\n"}},
		{"remove sections", map[string]string{"a.md": "---\ntitle: Search guide\n---\n\n# Search\n\nsearch only.\n"}},
		{"add a document", map[string]string{"d.md": "# D\n\nA new storage pipeline for search ranking.\n"}},
		{"delete a document", map[string]string{"c.md": ""}},
	}
	for _, st := range steps {
		for rel, content := range st.write {
			path := filepath.Join(docs, rel)
			if content == "" {
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
				files[rel] = ""
				delete(files, rel)
				continue
			}
			coreEdit(t, path, content)
			files[rel] = content
		}
		if st.write != nil {
			coreIndex(t, e, false)
		}
		checkLengthTables(t, st.name, e.db)
		fresh := searchProject(t, files, "none")
		checkLengthTables(t, st.name+" (from scratch)", fresh.db)
		for _, q := range queries {
			got, want := rankedPaths(mustFulltext(t, e, FulltextOptions{Query: q})), rankedPaths(mustFulltext(t, fresh, FulltextOptions{Query: q}))
			if got != want {
				t.Errorf("%s: fulltext %q after edits:\n%s\nfrom scratch:\n%s", st.name, q, got, want)
			}
			got, want = searchedPaths(mustSearch(t, e, SearchOptions{Query: q})), searchedPaths(mustSearch(t, fresh, SearchOptions{Query: q}))
			if got != want {
				t.Errorf("%s: search %q after edits:\n%s\nfrom scratch:\n%s", st.name, q, got, want)
			}
		}
	}
}

// TestMigration0008FillsExistingIndex builds an index at schema 7 with
// documents and sections, opens it with this ubp (which applies 0008 and
// later) and checks the lengths are filled and kept from then on.
func TestMigration0008FillsExistingIndex(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	cfg := DefaultConfig()
	cfg.DocsDir = "docs"
	cfg.Embedding.Provider = "none"
	if err := os.MkdirAll(filepath.Join(root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	p, _, err := InitProject(root, cfg)
	if err != nil {
		t.Fatal(err)
	}
	all, err := migrations.All()
	if err != nil {
		t.Fatal(err)
	}
	var upTo7 []migrations.Migration
	for _, m := range all {
		if m.Version <= 7 {
			upTo7 = append(upTo7, m)
		}
	}
	_ = os.Remove(p.DBPath())
	db, err := sql.Open(store.DriverName(), p.DBPath()+"?_foreign_keys=on")
	if err != nil {
		t.Fatal(err)
	}
	if v, err := store.MigrateWith(ctx, db, p.DBPath(), upTo7); err != nil || v != 7 {
		t.Fatalf("migrate to 7: %d, %v", v, err)
	}
	for d, sections := range map[int][]string{1: {"検索の話", "search pipeline"}, 2: {"別の話"}, 3: nil} {
		if _, err := db.Exec(`INSERT INTO documents(id, doc_id, filepath, title, doc_type, body, content_hash, file_size, file_mtime, indexed_at, updated_at)
			VALUES (?, ?, ?, 'T', 'design', '', 'h', 0, 0, '', '')`, d, fmt.Sprint("d", d), fmt.Sprint(d, ".md")); err != nil {
			t.Fatal(err)
		}
		for i, text := range sections {
			if _, err := db.Exec(`INSERT INTO sections(document_id, ord, heading, heading_path, anchor, level, content, start_line, end_line, tokens, content_hash)
				VALUES (?, ?, ?, '', '', 2, ?, 1, 2, 1, 'h')`, d, i, fmt.Sprint("見出し", i), text); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	e := coreOpen(t, p)
	if e.version != migrations.Latest() {
		t.Fatalf("version %d after open, want %d", e.version, migrations.Latest())
	}
	got := readLengthTables(t, e.db)
	if got.corpus != [3]int64{3, (4 + 4) + (4 + 15) + (4 + 3), 2} {
		t.Errorf("corpus totals after the backfill = %v", got.corpus)
	}
	checkLengthTables(t, "backfill", e.db)
	// The triggers keep them from then on.
	if _, err := e.db.Exec(`UPDATE sections SET content = 'とても長い検索の話' WHERE document_id = 1 AND ord = 0`); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.Exec(`DELETE FROM documents WHERE id = 2`); err != nil {
		t.Fatal(err)
	}
	checkLengthTables(t, "after an update and a delete", e.db)
}

// TestConcurrentSearchesFollowEdits runs searches from several goroutines
// while the index changes under them (the caches of the metadata, lengths,
// links and unit postings are shared), then checks the searches after the
// last change score as on an index built from scratch. Run with -race.
func TestConcurrentSearchesFollowEdits(t *testing.T) {
	files := map[string]string{
		"a.md": "# Search\n\n検索の話。search pipeline. See [[b]].\n",
		"b.md": "# B\n\nThe pipeline of indexing. [[c]]\n\n## More\n\n検索と索引。\n",
		"c.md": "# C\n\nStorage pipeline notes. [[a]]\n",
	}
	e := searchProject(t, files, "none")
	queries := []string{"search pipeline", "検索", "索引", "storage"}
	stop := make(chan struct{})
	errs := make(chan error, 4)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				q := queries[(g+i)%len(queries)]
				if _, err := e.Search(context.Background(), SearchOptions{Query: q, IncludeLinked: true}); err != nil {
					errs <- err
					return
				}
				if _, err := e.FulltextSearch(context.Background(), FulltextOptions{Query: q}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	docs := e.Project().DocsDir()
	for i := range 4 {
		content := fmt.Sprintf("# B\n\nThe pipeline of indexing, take %d. [[c]] [[a]]\n\n## More\n\n検索と索引、%d 回目。\n", i, i)
		coreEdit(t, filepath.Join(docs, "b.md"), content)
		files["b.md"] = content
		coreIndex(t, e, false)
	}
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("a search during the edits failed: %v", err)
	}
	fresh := searchProject(t, files, "none")
	for _, q := range queries {
		if got, want := searchedPaths(mustSearch(t, e, SearchOptions{Query: q})), searchedPaths(mustSearch(t, fresh, SearchOptions{Query: q})); got != want {
			t.Errorf("search %q after the edits:\n%s\nfrom scratch:\n%s", q, got, want)
		}
		if got, want := rankedPaths(mustFulltext(t, e, FulltextOptions{Query: q})), rankedPaths(mustFulltext(t, fresh, FulltextOptions{Query: q})); got != want {
			t.Errorf("fulltext %q after the edits:\n%s\nfrom scratch:\n%s", q, got, want)
		}
	}
}
