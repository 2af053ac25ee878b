package engine

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/internal/fixture"
)

func coreState(t testing.TB, e *Engine) fixture.IndexState {
	t.Helper()
	return readIndexState(t, e.db)
}

// readIndexState reads the fixture.IndexState of an index through the
// storage layer.
func readIndexState(t testing.TB, q store.Querier) fixture.IndexState {
	t.Helper()
	ctx := context.Background()
	docIDs, err := pageread.DocIDsByPath(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	links, err := pageread.LinkTargets(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	s := fixture.NewIndexState(docIDs)
	for _, l := range links {
		s.AddLink(l.Source, l.Text, l.Line, l.Target, l.Ambiguous)
	}
	return s
}

// rebuiltState indexes a copy of docs from scratch.
func rebuiltState(t *testing.T, docs string) fixture.IndexState {
	t.Helper()
	root := t.TempDir()
	fixture.MustCopyTree(t, docs, filepath.Join(root, "docs"), time.Time{})
	e := coreProject(t, root, "docs")
	coreIndex(t, e, false)
	return coreState(t, e)
}

// TestIndexRebuildMatchesHistory: after every step of an editing history
// (renames included), the incremental index has the same doc_ids and link
// targets as an index rebuilt from scratch over the same files.
func TestIndexRebuildMatchesHistory(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	mv := func(from, to string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(docs, to)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(docs, from), filepath.Join(docs, to)); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		name string
		do   func()
	}{
		{"initial", func() {}},
		{"rename a linked document", func() { mv("designs/database.md", "storage/db-v2.md") }},
		{"edit the linking document", func() {
			idx := filepath.Join(docs, "index.md")
			src, _ := os.ReadFile(idx)
			coreEdit(t, idx, string(src)+"\nOne more line.\n")
		}},
		{"new file at the old path", func() {
			coreWriteFiles(t, docs, map[string]string{"designs/database.md": "# Database (new)\n"})
		}},
		{"rename back over a deleted path", func() {
			if err := os.Remove(filepath.Join(docs, "designs", "database.md")); err != nil {
				t.Fatal(err)
			}
			mv("storage/db-v2.md", "designs/database.md")
		}},
		{"rename a folder", func() { mv("guides", "howto") }},
		{"delete a target", func() {
			if err := os.Remove(filepath.Join(docs, "architecture.md")); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			st.do()
			rep := coreIndex(t, e, false)
			got, want := coreState(t, e), rebuiltState(t, docs)
			if !reflect.DeepEqual(got.DocIDs, want.DocIDs) {
				t.Errorf("%s: doc_ids\n incremental %v\n rebuild     %v", st.name, got.DocIDs, want.DocIDs)
			}
			if !reflect.DeepEqual(got.Links, want.Links) {
				for k, v := range want.Links {
					if got.Links[k] != v {
						t.Errorf("%s: link %s → incremental %q, rebuild %q", st.name, k, got.Links[k], v)
					}
				}
				for k, v := range got.Links {
					if _, ok := want.Links[k]; !ok {
						t.Errorf("%s: link %s → %q only in the incremental index", st.name, k, v)
					}
				}
			}
			if st.name == "rename a linked document" && rep.Renamed != 1 {
				t.Errorf("%s: report %+v, want one rename (the row, sections and vectors are reused)", st.name, rep)
			}
		})
	}
}
