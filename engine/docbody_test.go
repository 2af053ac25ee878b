package engine

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

// bodyCases are documents whose bodies the skeleton must give back byte
// for byte, and whether it can store them as a skeleton.
var bodyCases = []struct {
	name, path, src string
	skeleton        bool
}{
	{"headings and blank lines", "a.md", "---\ntitle: A\n---\n\n\n# A\n\nIntro text that is long enough.\n\n\n## B\n\nMore text here.\n\n", true},
	{"no final newline", "b.md", "# B\n\nText without a final newline", true},
	{"no frontmatter, code fence", "c.md", "Lead paragraph.\n\n```go\n# not a heading\n```\n\n## Real\n\nbody\n", true},
	{"repeated section text", "d.md", "## X\n\nsame\n\n## X\n\nsame\n\n## X\n\nsame\n", true},
	{"trailing spaces and tabs", "e.md", "# T  \n\n\tindented code\n\n  \n## U\t\n\ntext \n", true},
	{"CRLF line endings", "f.md", "# F\r\n\r\nWindows text.\r\n\r\n## G\r\n\r\nMore.\r\n", false},
	{"NUL byte", "g.md", "# G\n\ntext \x00 with a NUL\n", false},
	{"Japanese", "h.md", "# 見出し\n\n本文です。\n\n## 次\n\nつづき。\n", true},
	{"frontmatter only", "i.md", "---\ntitle: I\n---\n", false},
}

func TestBodySkeletonRebuildsTheBody(t *testing.T) {
	for _, c := range bodyCases {
		t.Run(c.name, func(t *testing.T) {
			doc, _ := index.Parse(c.path, []byte(c.src))
			sk, kind := bodySkeleton(doc.Body, doc.Sections)
			if (kind == bodyKindSkeleton) != c.skeleton {
				t.Fatalf("kind %d, want skeleton %v (skeleton %q)", kind, c.skeleton, sk)
			}
			if kind == bodyKindWhole {
				if sk != doc.Body {
					t.Fatalf("whole body stored as %q, want %q", sk, doc.Body)
				}
				return
			}
			contents := make([]string, len(doc.Sections))
			for i, s := range doc.Sections {
				contents[i] = s.Content
			}
			got, err := rebuildBody(sk, contents)
			if err != nil || got != doc.Body {
				t.Fatalf("rebuilt %q, %v; want %q", got, err, doc.Body)
			}
			if len(sk) >= len(doc.Body) {
				t.Errorf("skeleton of %d bytes for a body of %d", len(sk), len(doc.Body))
			}
		})
	}
}

// TestBodySkeletonOverFixtureCorpora checks every Markdown file the repo
// holds: each body is rebuilt exactly, and most are stored as skeletons.
func TestBodySkeletonOverFixtureCorpora(t *testing.T) {
	var files, skeletons int
	for _, dir := range []string{"../testdata/corpora", "testdata", "../docs"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return err
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			doc, _ := index.Parse(filepath.ToSlash(p), src)
			sk, kind := bodySkeleton(doc.Body, doc.Sections)
			files++
			if kind == bodyKindWhole {
				return nil
			}
			skeletons++
			contents := make([]string, len(doc.Sections))
			for i, s := range doc.Sections {
				contents[i] = s.Content
			}
			if got, err := rebuildBody(sk, contents); err != nil || got != doc.Body {
				t.Errorf("%s: rebuilt body differs (%v)", p, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 40 || skeletons*10 < files*9 {
		t.Errorf("%d of %d fixture bodies stored as skeletons, want at least 90%%", skeletons, files)
	}
}

func TestRebuildBodyRejectsAMismatch(t *testing.T) {
	if _, err := rebuildBody("a\x00b\x00", []string{"x"}); err == nil {
		t.Fatal("two marks for one section: no error")
	}
}

// pageOutputs is what get_page and get_context answer for every document,
// as JSON.
func pageOutputs(t *testing.T, e *Engine) map[string]string {
	t.Helper()
	ctx := context.Background()
	rows, err := e.db.QueryContext(ctx, `SELECT filepath FROM documents ORDER BY filepath`)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	rows.Close()
	out := map[string]string{}
	for _, p := range paths {
		page, err := e.GetPage(ctx, p)
		if err != nil {
			t.Fatalf("GetPage %s: %v", p, err)
		}
		c, err := e.GetContext(ctx, ContextOptions{Page: p})
		if err != nil {
			t.Fatalf("GetContext %s: %v", p, err)
		}
		b, err := json.Marshal([]any{page, c})
		if err != nil {
			t.Fatal(err)
		}
		out[p] = string(b)
	}
	return out
}

// TestMigrationToSkeletonBodiesKeepsPages takes an index back to the
// schema before migration 0009 (whole bodies, no body_kind, the hubness
// tables), opens it (which migrates it) and checks that get_page and
// get_context answer exactly as before, then again once a full index run
// has rewritten every body as a skeleton.
func TestMigrationToSkeletonBodiesKeepsPages(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	files := map[string]string{}
	for _, c := range bodyCases {
		files["docs/"+c.path] = c.src
	}
	files["docs/links.md"] = "# Links\n\nSee [[a]], [[b]] and [[h]].\n\n## More\n\nAnd [c](c.md).\n"
	coreWriteFiles(t, root, files)
	cfg := DefaultConfig()
	cfg.DocsDir = "docs"
	cfg.Embedding.Provider = "none"
	p, _, err := InitProject(root, cfg)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Open(ctx, p, OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	coreIndex(t, e, false)
	if n := coreCount(t, e, `SELECT count(*) FROM documents WHERE body_kind = ?`, bodyKindSkeleton); n != 7 {
		t.Errorf("%d documents stored as skeletons, want 7", n)
	}
	want := pageOutputs(t, e)

	// Back to schema 8: whole bodies, no body_kind column, hubness tables.
	var bodies [][2]any
	rows, err := e.db.QueryContext(ctx, `SELECT id FROM documents`)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		b, err := docBody(ctx, e.db, id)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, [2]any{b, id})
	}
	for _, b := range bodies {
		if _, err := e.db.ExecContext(ctx, `UPDATE documents SET body = ? WHERE id = ?`, b[0], b[1]); err != nil {
			t.Fatal(err)
		}
	}
	undo := append(undoAfter(t, 9), // and without what 0010 and later add
		`ALTER TABLE documents DROP COLUMN body_kind`,
		`CREATE TABLE section_hubness (section_id INTEGER PRIMARY KEY REFERENCES sections(id) ON DELETE CASCADE, bias REAL NOT NULL)`,
		`CREATE TABLE vector_hubness_state (id INTEGER PRIMARY KEY CHECK (id = 1), model TEXT NOT NULL, fingerprint TEXT NOT NULL)`,
		`CREATE INDEX section_embeddings_model ON section_embeddings(model)`,
		`UPDATE meta SET value = '8' WHERE key = 'schema_version'`,
	)
	for _, stmt := range undo {
		if _, err := e.db.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}

	e2 := coreOpen(t, p)
	if n := coreCount(t, e2, `SELECT count(*) FROM documents WHERE body_kind = ?`, bodyKindWhole); n != len(ids) {
		t.Errorf("after migration %d whole bodies, want %d", n, len(ids))
	}
	if n := coreCount(t, e2, `SELECT count(*) FROM sqlite_master WHERE name IN ('section_hubness', 'vector_hubness_state', 'section_embeddings_model')`); n != 0 {
		t.Errorf("%d hubness tables or model index left after migration", n)
	}
	comparePages(t, "after migration", pageOutputs(t, e2), want)
	coreIndex(t, e2, true)
	if n := coreCount(t, e2, `SELECT count(*) FROM documents WHERE body_kind = ?`, bodyKindSkeleton); n != 7 {
		t.Errorf("after a full run %d skeletons, want 7", n)
	}
	comparePages(t, "after a full run", pageOutputs(t, e2), want)
}

func comparePages(t *testing.T, when string, got, want map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d pages, want %d", when, len(got), len(want))
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s: %s differs:\n got %s\nwant %s", when, p, got[p], w)
		}
	}
}
