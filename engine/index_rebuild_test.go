package engine

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// indexState is what a rebuild must reproduce: each document's doc_id and
// title, and each link's target and ambiguity.
type indexState struct {
	DocIDs map[string]string // filepath → doc_id
	Links  map[string]string // "source|target text" → target filepath ("" dangling), "*" suffix when ambiguous
}

func coreState(t testing.TB, e *Engine) indexState {
	t.Helper()
	s := indexState{DocIDs: map[string]string{}, Links: map[string]string{}}
	rows, err := e.db.Query(`SELECT filepath, doc_id FROM documents`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var p, id string
		if err := rows.Scan(&p, &id); err != nil {
			t.Fatal(err)
		}
		s.DocIDs[p] = id
	}
	rows.Close()
	rows, err = e.db.Query(`SELECT s.filepath, l.target_text, l.line, coalesce(d.filepath, ''), l.ambiguous
		FROM links l JOIN documents s ON s.id = l.source_id LEFT JOIN documents d ON d.id = l.target_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var from, text, to string
		var line int
		var amb bool
		if err := rows.Scan(&from, &text, &line, &to, &amb); err != nil {
			t.Fatal(err)
		}
		if amb {
			to += "*"
		}
		s.Links[from+"|"+text+"|"+strconv.Itoa(line)] = to
	}
	return s
}

// rebuiltState indexes a copy of docs from scratch.
func rebuiltState(t *testing.T, docs string) indexState {
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
