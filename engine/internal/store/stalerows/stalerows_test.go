package stalerows

import (
	"context"
	"database/sql"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/indextest"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// openIndex indexes two documents, a.md with two source refs and a
// reviewed date, b.md with none, and returns the writing pool and each
// document's row id.
func openIndex(t *testing.T) (*sql.DB, map[string]int64) {
	t.Helper()
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"src/x.go":  "package x\n",
		"docs/a.md": "---\nreviewed: 2026-01-02\nsource_refs:\n  - src/x.go\n  - src/gone.go\n---\n# A\n",
		"docs/b.md": "# B\n",
	})
	ix := indextest.Build(t, root)
	return ix.DB, ix.DocIDs(t)
}

// The inputs of a check: documents in path order with their reviewed date
// and version, their refs by line with the stored baselines.
func TestInputs(t *testing.T) {
	ctx := context.Background()
	db, ids := openIndex(t)
	versions, err := Versions(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	err = store.ReadTx(ctx, db, func(tx *sql.Tx) error {
		for _, tc := range []struct {
			name string
			ids  []int64
			want []string
		}{
			{"all", nil, []string{"a.md", "b.md"}},
			{"some", []int64{ids["b.md"], 999}, []string{"b.md"}},
		} {
			var got []string
			if err := InputDocs(ctx, tx, tc.ids, func(d InputDoc) error {
				got = append(got, d.Filepath)
				want := map[string]InputDoc{
					"a.md": {ID: ids["a.md"], Filepath: "a.md", Title: "A", Reviewed: "2026-01-02", Version: versions[ids["a.md"]], BodyLine: 7},
					"b.md": {ID: ids["b.md"], Filepath: "b.md", Title: "B", Version: versions[ids["b.md"]], BodyLine: 1},
				}[d.Filepath]
				if d != want || d.Version == "" {
					t.Errorf("%s: %+v, want %+v", tc.name, d, want)
				}
				return nil
			}); err != nil {
				return err
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s: InputDocs = %v, want %v", tc.name, got, tc.want)
			}
		}
		var refs []SourceRef
		if err := SourceRefsOf(ctx, tx, []int64{ids["a.md"], ids["b.md"]}, func(r SourceRef) error {
			refs = append(refs, r)
			return nil
		}); err != nil {
			return err
		}
		if len(refs) != 2 || refs[0].Ref.Path != "src/x.go" || refs[1].Ref.Path != "src/gone.go" || refs[0].DocumentID != ids["a.md"] {
			t.Fatalf("SourceRefsOf = %+v, want a.md's two refs in line order", refs)
		}
		if !refs[0].SHA256.Valid || refs[0].Size.Int64 != int64(len("package x\n")) || refs[1].SHA256.Valid || refs[0].SyncedAt == "" {
			t.Errorf("baselines %+v, want x.go hashed with its size and gone.go missing", refs)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A whole snapshot replaces header and rows; a partial one only advances
// the header stored for the same HEAD and baseline; a row of a document
// deleted since the check is not written; an unreadable row stops AllDocs
// only when its reader says so.
func TestSnapshot(t *testing.T) {
	ctx := context.Background()
	db, ids := openIndex(t)
	if _, ok, err := ReadHeader(ctx, db); ok || err != nil {
		t.Fatalf("ReadHeader on an empty snapshot: ok %v, %v", ok, err)
	}
	write := func(fn func(tx *sql.Tx, w *DocWriter) error) {
		t.Helper()
		err := store.WithTx(ctx, db, func(tx *sql.Tx) error {
			w, err := PrepareDocWriter(ctx, tx)
			if err != nil {
				return err
			}
			defer w.Close()
			return fn(tx, w)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	h := Header{Head: "abc", Generation: 5, Config: "auto", Baseline: "git", CheckedAt: "2026-01-02T03:04:05.000000006Z", Checker: 1}
	write(func(tx *sql.Tx, w *DocWriter) error {
		if err := ReplaceHeader(ctx, tx, h); err != nil {
			return err
		}
		for _, d := range []Doc{
			{DocumentID: ids["a.md"], Version: "va", Tracked: true, Refs: "[]", Stats: "[]"},
			{DocumentID: ids["b.md"], Version: "vb", Refs: "not json", Stats: "[]"},
			{DocumentID: 999, Version: "gone", Refs: "[]", Stats: "[]"},
		} {
			if err := w.Put(ctx, d); err != nil {
				return err
			}
		}
		return nil
	})
	if got, ok, err := ReadHeader(ctx, db); !ok || err != nil || got != h {
		t.Errorf("ReadHeader = %+v, %v, %v; want %+v", got, ok, err, h)
	}
	all := map[int64]Doc{}
	if err := AllDocs(ctx, db, func(d Doc) bool { all[d.DocumentID] = d; return true }); err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 || all[ids["a.md"]].Version != "va" || !all[ids["a.md"]].Tracked || all[ids["b.md"]].Refs != "not json" {
		t.Errorf("AllDocs = %+v, want a.md's and b.md's rows only", all)
	}
	seen := 0
	if err := AllDocs(ctx, db, func(Doc) bool { seen++; return false }); err != nil || seen != 1 {
		t.Errorf("AllDocs stopped after %d rows (%v), want 1", seen, err)
	}
	var some []string
	if err := DocsOf(ctx, db, []int64{ids["b.md"], 999}, func(d Doc) error { some = append(some, d.Version); return nil }); err != nil ||
		!slices.Equal(some, []string{"vb"}) {
		t.Errorf("DocsOf(b.md, 999) = %v, %v; want [vb]", some, err)
	}
	for _, tc := range []struct {
		name       string
		head       string
		generation int64
		checker    int
		want       bool
		wantGen    int64
	}{
		{"other HEAD", "def", 9, 1, false, 5},
		{"other checker", "abc", 9, 2, false, 5},
		{"same HEAD, older generation", "abc", 3, 1, true, 5},
		{"same HEAD, newer generation", "abc", 7, 1, true, 7},
	} {
		write(func(tx *sql.Tx, _ *DocWriter) error {
			same, err := AdvanceHeader(ctx, tx, tc.generation, tc.head, "auto", tc.checker)
			if err == nil && same != tc.want {
				t.Errorf("%s: AdvanceHeader = %v, want %v", tc.name, same, tc.want)
			}
			return err
		})
		if got, _, err := ReadHeader(ctx, db); err != nil || got.Generation != tc.wantGen || got.Head != "abc" {
			t.Errorf("%s: header %+v, %v; want generation %d", tc.name, got, err, tc.wantGen)
		}
	}
}
