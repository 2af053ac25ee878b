package writer

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestIncrementalRelinkMatchesFull: along a random history of edits,
// additions, deletions, renames and folder moves, each indexed as the
// watcher does (IndexPaths on the paths involved), links are re-resolved
// incrementally (only some links looked at), and the index equals both a
// full re-resolution of every link and an index rebuilt from scratch.
func TestIncrementalRelinkMatchesFull(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	h := newHarness(t, root)
	docs := h.p.DocsDir
	r := rand.New(rand.NewPCG(7, 13))
	dirs := []string{"", "a/", "a/b/", "c/"}
	names := []string{"x", "y", "z", "Alpha", "beta"}
	titles := []string{"Alpha", "X", "Gamma", "beta", ""}
	targets := []string{"[[x]]", "[[a/x]]", "[[../x]]", "[[Alpha]]", "[[gamma]]", "[y](y.md)", "[up](../z.md)",
		"[[b/x|depends_on]]", "[[..]]", "[[X.md]]", "[[/c/beta]]", "[[beta]]", "[[./z]]", "[[al]]"}
	serial := 0
	content := func() string {
		serial++
		var b strings.Builder
		b.WriteString("---\n")
		if tt := titles[r.IntN(len(titles))]; tt != "" {
			fmt.Fprintf(&b, "title: %s\n", tt)
		}
		if r.IntN(3) == 0 {
			b.WriteString("aliases: [al]\n")
		}
		fmt.Fprintf(&b, "---\n# Doc %d\n\n", serial)
		for i, n := 0, 1+r.IntN(4); i < n; i++ {
			fmt.Fprintf(&b, "See %s.\n", targets[r.IntN(len(targets))])
		}
		return b.String()
	}
	randPath := func() string { return dirs[r.IntN(len(dirs))] + names[r.IntN(len(names))] + ".md" }
	existing := func() []string {
		var out []string
		_ = filepath.WalkDir(docs, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(docs, p)
				out = append(out, filepath.ToSlash(rel))
			}
			return nil
		})
		return out
	}
	abs := func(rel string) string { return filepath.Join(docs, filepath.FromSlash(rel)) }
	write := func(rel string) {
		fixture.WriteFiles(t, docs, map[string]string{rel: content()})
	}
	for i := 0; i < 14; i++ {
		write(randPath())
	}
	h.index(Options{})

	incremental, partial, fewDocs := 0, 0, 0
	for step := 0; step < 40; step++ {
		files := existing()
		var paths []string
		var what string
		switch op := r.IntN(6); {
		case op == 0 || len(files) < 3:
			p := randPath()
			write(p)
			what, paths = "write "+p, []string{abs(p)}
		case op == 1:
			p := files[r.IntN(len(files))]
			write(p)
			what, paths = "edit "+p, []string{abs(p)}
		case op == 2:
			p := files[r.IntN(len(files))]
			if err := os.Remove(abs(p)); err != nil {
				t.Fatal(err)
			}
			what, paths = "delete "+p, []string{abs(p)}
		case op == 3 || op == 4:
			from, to := files[r.IntN(len(files))], randPath()
			if _, err := os.Stat(abs(to)); err == nil {
				continue
			}
			if err := os.MkdirAll(filepath.Dir(abs(to)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(abs(from), abs(to)); err != nil {
				t.Fatal(err)
			}
			what, paths = "rename "+from+" to "+to, []string{abs(from), abs(to)}
		default:
			from, to := "a/b", "c/b2"
			if r.IntN(2) == 0 {
				from, to = to, from
			}
			if _, err := os.Stat(abs(from)); err != nil {
				continue
			}
			if _, err := os.Stat(abs(to)); err == nil {
				continue
			}
			if err := os.MkdirAll(filepath.Dir(abs(to)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(abs(from), abs(to)); err != nil {
				t.Fatal(err)
			}
			what, paths = "move folder "+from+" to "+to, []string{abs(from), abs(to)}
		}
		sc, all, err := ScopeFor(docs, paths)
		if err != nil || all {
			t.Fatalf("%s: ScopeFor: %v, %v", what, all, err)
		}
		var st RelinkStats
		if _, err := h.w.Run(ctx, h.p, Options{Scope: sc, RelinkStats: &st}); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		var total int
		if err := h.db.QueryRow(`SELECT count(*) FROM links`).Scan(&total); err != nil {
			t.Fatal(err)
		}
		if !st.Full {
			incremental++
			if st.Examined < total {
				partial++
			}
			if st.Partial {
				fewDocs++
			}
		}

		got := h.state()
		// A full re-resolution of every link changes nothing.
		if err := store.SetMeta(ctx, h.db, MetaNeedsRelink, "1"); err != nil {
			t.Fatal(err)
		}
		var full RelinkStats
		n, err := h.w.resolveLinks(ctx, nil, &full)
		if err != nil || !full.Full || full.Examined != total {
			t.Fatalf("%s: full re-resolution: %+v, %v (links %d)", what, full, err, total)
		}
		if n != 0 {
			t.Errorf("%s: a full re-resolution rewrote %d links the incremental one left wrong", what, n)
		}
		if want := rebuiltState(t, docs); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: incremental index differs from a rebuild:\n got %v\nwant %v", what, got, want)
		}
	}
	if incremental < 20 || partial < 10 || fewDocs < 5 {
		t.Errorf("incremental resolutions %d, of which %d looked at only some links and %d loaded only the documents they can name: the incremental path is not taken",
			incremental, partial, fewDocs)
	}
}

// TestRelinkFillsMissingKeys: links without keys (an index migrated to
// schema 7, which sets needs_relink) get them from the next run's full
// re-resolution, after which runs are incremental again.
func TestRelinkFillsMissingKeys(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	h := newHarness(t, root)
	docs := h.p.DocsDir
	fixture.WriteFiles(t, docs, map[string]string{
		"a.md":     "# A\n\nSee [[b]] and [c](sub/c.md).\n",
		"b.md":     "---\naliases: [bee]\n---\n# B\n\nSee [[bee]] and [[..]].\n",
		"sub/c.md": "# C\n\nBack to [[a]].\n",
	})
	h.index(Options{})
	keys := func() string {
		rows, err := h.db.Query(`SELECT target_text, coalesce(name_key, '<any>'), text_key FROM links ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var b strings.Builder
		for rows.Next() {
			var text, name, tk string
			if err := rows.Scan(&text, &name, &tk); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s→%s/%s ", text, name, tk)
		}
		return b.String()
	}
	want := keys()
	if want != "b→b/b sub/c.md→c/./sub/c.md bee→bee/bee ..→<any>/.. a→a/a " {
		t.Fatalf("keys after a build: %s", want)
	}
	if _, err := h.db.Exec(`UPDATE links SET name_key = NULL, text_key = ''`); err != nil {
		t.Fatal(err)
	}
	if err := store.SetMeta(ctx, h.db, MetaNeedsRelink, "1"); err != nil {
		t.Fatal(err)
	}
	var st RelinkStats
	if _, err := h.w.Run(ctx, h.p, Options{RelinkStats: &st}); err != nil {
		t.Fatal(err)
	}
	if got := keys(); got != want || !st.Full {
		t.Fatalf("after the run (%+v): keys %s, want %s", st, got, want)
	}
	fixture.Edit(t, filepath.Join(docs, "sub", "c.md"), "# C\n\nBack to [[a]] and [[b]].\n")
	if _, err := h.indexPaths(Options{RelinkStats: &st}, filepath.Join(docs, "sub", "c.md")); err != nil {
		t.Fatal(err)
	}
	if st.Full || st.Examined != 3 { // c's two links and [[..]]
		t.Fatalf("an edit of c re-resolved %+v, want c's links and the link that may match any name", st)
	}
}
