package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

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
	b.Run("freshness-discovery", func(b *testing.B) { // the full path alone
		for b.Loop() {
			f, err := e.freshnessByDiscovery(ctx, IndexFreshness{Built: true})
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
			e2, err := Open(ctx, e.p, OpenOptions{})
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

// The fast path of Freshness (freshnessByStat) answers exactly as the full
// discovery does when it answers at all, and leaves to discovery the cases
// only discovery can decide.
func TestFreshnessFastPath(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, docs string)
		fast   bool // the fast path decides
	}{
		{"nothing changed", func(*testing.T, string) {}, true},
		{"edited, same size", func(t *testing.T, docs string) {
			coreEdit(t, filepath.Join(docs, "a.md"), "# A\n\nALPHA\n")
		}, true},
		{"edited, new size", func(t *testing.T, docs string) {
			coreEdit(t, filepath.Join(docs, "sub/c.md"), "# C\n\ngamma, longer now\n")
		}, true},
		{"file in an excluded folder", func(t *testing.T, docs string) {
			coreWriteFiles(t, docs, map[string]string{"drafts/x.md": "# X\n"})
		}, true},
		{"file in a hidden folder", func(t *testing.T, docs string) {
			coreWriteFiles(t, docs, map[string]string{".obsidian/x.md": "# X\n"})
		}, true},
		{"not Markdown", func(t *testing.T, docs string) {
			coreWriteFiles(t, docs, map[string]string{"notes.txt": "x"})
		}, true},
		{"new file", func(t *testing.T, docs string) {
			coreWriteFiles(t, docs, map[string]string{"sub/new.md": "# New\n"})
		}, false},
		{"new binary file", func(t *testing.T, docs string) {
			coreWriteFiles(t, docs, map[string]string{"bin.md": "\x00\x01"})
		}, false},
		{"deleted file", func(t *testing.T, docs string) {
			if err := os.Remove(filepath.Join(docs, "b.md")); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"configuration written after the index", func(t *testing.T, docs string) {
			cfg := filepath.Join(filepath.Dir(docs), ".ubp", "config.json")
			later := time.Now().Add(2 * time.Second)
			if err := os.Chtimes(cfg, later, later); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"new .gitignore", func(t *testing.T, docs string) {
			coreWriteFiles(t, docs, map[string]string{".gitignore": "b.md\n"})
			coreTouchLater(t, filepath.Join(docs, ".gitignore"))
		}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			root := t.TempDir()
			e := coreProject(t, root, "docs")
			e.p.Config.Exclude = []string{"drafts/**"}
			docs := filepath.Join(root, "docs")
			coreWriteFiles(t, docs, map[string]string{"a.md": "# A\n\nalpha\n", "b.md": "# B\n", "sub/c.md": "# C\n\ngamma\n"})
			// The index is stamped a little after the config was written.
			cfgTime := time.Now().Add(-time.Hour)
			if err := os.Chtimes(e.p.ConfigPath, cfgTime, cfgTime); err != nil {
				t.Fatal(err)
			}
			coreIndex(t, e, false)
			tc.change(t, docs)

			slow, err := e.freshnessByDiscovery(ctx, IndexFreshness{Built: true})
			if err != nil {
				t.Fatal(err)
			}
			stamp, _, err := getMeta(ctx, e.db, metaLastIndexedAt)
			if err != nil {
				t.Fatal(err)
			}
			last, _ := lastIndexedTime(stamp)
			stored, err := storedStats(ctx, e.rdb)
			if err != nil {
				t.Fatal(err)
			}
			d, ok, err := e.freshnessByStat(ctx, stored, last)
			if err != nil {
				t.Fatal(err)
			}
			if ok != tc.fast {
				t.Errorf("fast path decided=%v, want %v (diff %+v)", ok, tc.fast, d)
			}
			if ok && (d.Count() != slow.Diff.Count() || !reflect.DeepEqual(sortedCopy(d.Modified), slow.Diff.Modified)) {
				t.Errorf("fast path %+v, discovery %+v", d, slow.Diff)
			}
			got, err := e.Freshness(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Diff, slow.Diff) {
				t.Errorf("Freshness %+v, discovery %+v", got.Diff, slow.Diff)
			}
		})
	}
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	if len(out) == 0 {
		return nil
	}
	return out
}
