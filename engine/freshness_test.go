package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/freshness"
)

func TestFreshness(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	e := coreProject(t, root, "docs")
	docs := filepath.Join(root, "docs")
	coreWriteFiles(t, docs, map[string]string{
		"a.md":     "# A\n\nalpha\n",
		"b.md":     "# B\n\nbeta\n",
		"sub/c.md": "# C\n\ngamma\n",
	})

	f, err := e.Freshness(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if f.Built || f.Current() {
		t.Fatalf("never indexed: got %+v, want Built false", f)
	}
	if got := f.Diff.Added; !reflect.DeepEqual(got, []string{"a.md", "b.md", "sub/c.md"}) {
		t.Errorf("added before the first index: %v", got)
	}

	coreIndex(t, e, false)
	if f, err = e.Freshness(ctx); err != nil || !f.Current() {
		t.Fatalf("right after Index: %+v, %v; want current", f, err)
	}

	coreEdit(t, filepath.Join(docs, "a.md"), "# A\n\nalpha, edited\n")
	if err := os.Remove(filepath.Join(docs, "b.md")); err != nil {
		t.Fatal(err)
	}
	coreWriteFiles(t, docs, map[string]string{
		"d.md":       "# D\n",
		"binary.md":  "# bin\x00ary\n",         // Index skips it: not reported
		".hidden.md": "# hidden\n",             // never a document
		"x.txt":      "not markdown",           // never a document
		"sub/e.md":   strings.Repeat("e ", 10), // new in a sub-folder
	})
	f, err = e.Freshness(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := freshness.Diff{Added: []string{"d.md", "sub/e.md"}, Modified: []string{"a.md"}, Deleted: []string{"b.md"}}
	if !reflect.DeepEqual(f.Diff, want) || !f.Built || f.Current() {
		t.Errorf("after edits: %+v, want %+v", f.Diff, want)
	}

	// Indexing the changed paths makes it current again.
	if _, err := e.IndexPaths(ctx, e.AbsPaths(f.Diff.Paths())); err != nil {
		t.Fatal(err)
	}
	if f, err = e.Freshness(ctx); err != nil || !f.Current() {
		t.Errorf("after IndexPaths of the changes: %+v, %v; want current", f, err)
	}
}

// BenchmarkFreshness10k measures the freshness check of a folder of 10,000
// indexed documents with nothing changed (one stat per file plus one read
// of the documents table), next to a search of the same index.
func BenchmarkFreshness10k(b *testing.B) {
	ctx := context.Background()
	root := b.TempDir()
	e := coreProject(b, root, "docs")
	docs := filepath.Join(root, "docs")
	for i := range 10000 {
		dir := filepath.Join(docs, fmt.Sprintf("d%02d", i%100))
		if i < 100 {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				b.Fatal(err)
			}
		}
		body := fmt.Sprintf("# Doc %d\n\nSome text about topic %d and [[doc-%d]].\n", i, i%37, (i+1)%10000)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("doc-%d.md", i)), []byte(body), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	coreIndex(b, e, false)
	b.Run("freshness", func(b *testing.B) {
		for b.Loop() {
			f, err := e.Freshness(ctx)
			if err != nil || !f.Current() {
				b.Fatalf("%+v %v", f.Diff.Count(), err)
			}
		}
	})
	// The costs the check is compared with: a search of the same index
	// (default configuration: built-in vectors, graph and full text), in a
	// warm engine and as a CLI command pays it (open, search, close).
	b.Run("search-cold", func(b *testing.B) {
		for b.Loop() {
			e2, err := Open(ctx, e.Project(), OpenOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := e2.Search(ctx, SearchOptions{Query: "text about topic"}); err != nil {
				b.Fatal(err)
			}
			e2.Close()
		}
	})
	b.Run("search-warm", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.Search(ctx, SearchOptions{Query: "text about topic"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
