//go:build stress

package stress

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	sqlite_vec "github.com/asg017/sqlite-vec-go-bindings/cgo"

	"github.com/ubp-dev/ubp/engine"
)

var ubpBin = flag.String("ubp", "", "path of the ubp binary under test (make stress passes bin/ubp)")

// cmdLimit bounds every ubp command: reaching it means a hang, reported as
// such. It is not a timing assertion.
const cmdLimit = 2 * time.Minute

func ubp(t testing.TB) string {
	t.Helper()
	if *ubpBin == "" {
		t.Fatal("-ubp is required: run `make stress` (or go test -tags 'sqlite_fts5 stress' ./internal/stress -args -ubp $PWD/bin/ubp)")
	}
	abs, err := filepath.Abs(*ubpBin)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(abs); err != nil {
		t.Fatalf("ubp binary: %v (run make build)", err)
	}
	return abs
}

// result is the outcome of one ubp command.
type result struct {
	code           int
	stdout, stderr string
	hung           bool
}

// run runs ubp in project root and waits for it (at most cmdLimit).
func run(t testing.TB, root string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), cmdLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, ubp(t), append([]string{"-C", root}, args...)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errOut.String(), hung: ctx.Err() != nil}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	default:
		t.Fatalf("ubp %v: %v", args, err)
	}
	return r
}

// mustRun runs ubp and fails the test unless it exits 0.
func mustRun(t testing.TB, root string, args ...string) result {
	t.Helper()
	r := run(t, root, args...)
	if r.hung {
		t.Fatalf("ubp %v did not end within %v (hang)", args, cmdLimit)
	}
	if r.code != 0 {
		t.Fatalf("ubp %v: exit %d\n%s%s", args, r.code, r.stdout, r.stderr)
	}
	return r
}

// newProject initialises a project whose docs folder is root/docs.
func newProject(t testing.TB, root string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	mustRun(t, root, "init", "--docs-dir", "docs", "--quiet")
}

// writeCorpus writes n linked documents (version v of each) into docs.
func writeCorpus(t testing.TB, docs string, n, v int) {
	t.Helper()
	for i := 0; i < n; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "---\ntitle: Topic %d\ndoc_type: design\naliases: [t%d]\n---\n# Topic %d\n\n", i, i, i)
		fmt.Fprintf(&b, "Version %d of topic %d about storage, indexing and search. See [[topic-%03d]] and [[Topic %d|depends_on]].\n",
			v, i, (i+1)%n, (i+7)%n)
		for s := 0; s < 4; s++ {
			fmt.Fprintf(&b, "\n## Part %d\n\nPart %d of topic %d, revision %d. %s\n", s, s, i, v,
				strings.Repeat("Words that make the section long enough to embed on its own. ", 6))
		}
		dir := filepath.Join(docs, fmt.Sprintf("area-%d", i%5))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, fmt.Sprintf("topic-%03d.md", i))
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		later := time.Now().Add(time.Duration(v) * time.Second)
		_ = os.Chtimes(p, later, later)
	}
}

// openIndex opens root's index read-only.
func openIndex(t testing.TB, root string) *sql.DB {
	t.Helper()
	sqlite_vec.Auto()
	db, err := sql.Open(engine.SQLiteDriver(), "file:"+filepath.Join(root, ".ubp", "index.db")+"?mode=ro&_busy_timeout=10000")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// integrity runs SQLite's integrity check and the foreign key check.
func integrity(t testing.TB, root string) {
	t.Helper()
	db := openIndex(t, root)
	var res string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&res); err != nil {
		t.Fatalf("integrity_check: %v", err)
	}
	if res != "ok" {
		t.Fatalf("integrity_check: %s", res)
	}
	rows, err := db.Query(`PRAGMA foreign_key_check`)
	if err != nil {
		t.Fatalf("foreign_key_check: %v", err)
	}
	defer rows.Close()
	if rows.Next() {
		t.Fatal("foreign_key_check found violations")
	}
}

// state is what two indexes of the same files must share.
type state struct {
	Docs     []string // filepath doc_id title content_hash
	Sections []string // filepath ord content_hash
	Links    []string // source text line → target path
	Vectors  int
}

func readState(t testing.TB, root string) state {
	t.Helper()
	db := openIndex(t, root)
	q := func(query string) []string {
		rows, err := db.Query(query)
		if err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		sort.Strings(out)
		return out
	}
	var s state
	s.Docs = q(`SELECT filepath || ' ' || doc_id || ' ' || title || ' ' || content_hash FROM documents`)
	s.Sections = q(`SELECT d.filepath || ' ' || s.ord || ' ' || s.content_hash FROM sections s JOIN documents d ON d.id = s.document_id`)
	s.Links = q(`SELECT d.filepath || ' ' || l.target_text || ' ' || l.line || ' -> ' || coalesce(t.filepath, '-')
		FROM links l JOIN documents d ON d.id = l.source_id LEFT JOIN documents t ON t.id = l.target_id`)
	if err := db.QueryRow(`SELECT count(*) FROM section_embeddings`).Scan(&s.Vectors); err != nil {
		s.Vectors = -1 // table name differs: compare the rest
	}
	return s
}

// twinState indexes a copy of docs in a fresh project, once.
func twinState(t testing.TB, docs string) state {
	t.Helper()
	twin := t.TempDir()
	if err := exec.Command("cp", "-a", docs, filepath.Join(twin, "docs")).Run(); err != nil {
		t.Fatal(err)
	}
	mustRun(t, twin, "init", "--docs-dir", "docs", "--quiet")
	mustRun(t, twin, "index", "--quiet")
	return readState(t, twin)
}

func sameState(t testing.TB, what string, got, want state) {
	t.Helper()
	if reflect.DeepEqual(got, want) {
		return
	}
	diff := func(name string, a, b []string) {
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: %s differ from the twin index: %d vs %d rows; first difference: %s", what, name, len(a), len(b), firstDiff(a, b))
		}
	}
	diff("documents", got.Docs, want.Docs)
	diff("sections", got.Sections, want.Sections)
	diff("links", got.Links, want.Links)
	if got.Vectors != want.Vectors {
		t.Errorf("%s: %d vectors, twin %d", what, got.Vectors, want.Vectors)
	}
}

func firstDiff(a, b []string) string {
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("%q vs %q", x, y)
		}
	}
	return ""
}

// budget says how many iterations and how long a part runs.
func budget(short, full int) int {
	if testing.Short() {
		return short
	}
	return full
}
