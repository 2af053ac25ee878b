package stalerows

import (
	"context"
	"database/sql"
	"errors"
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/indextest"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/packrows"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// RefsOf reads what SourceRefsOf and Versions read, in their order, for
// paths and symbols with the packed text's own characters in them
// (spaces, colons, digits, newlines, a separator byte), every document or
// some.
func TestRefsOfMatchesRowReads(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"src/a b/x:1.go": "package x\n",
		"docs/one 2.md":  "---\nsource_refs:\n  - \"src/a b/x:1.go#F\"\n  - \"src/12 34:5\"\n  - src/ü/ä.go\n  - \"src/tab\\there\"\n---\n# One\n",
		"docs/none.md":   "# None\n",
		"docs/z:9.md":    "---\nsource_refs:\n  - \"src/line\\nbreak\"\n  - \"src/\\u001f\"\n---\n# Z\n",
	})
	ix := indextest.Build(t, root)
	ids := ix.DocIDs(t)
	versions, err := Versions(ctx, ix.DB)
	if err != nil {
		t.Fatal(err)
	}
	// What the row-by-row reads give.
	want := map[int64]DocRefs{}
	err = store.ReadTx(ctx, ix.DB, func(tx *sql.Tx) error {
		for id, v := range versions {
			want[id] = DocRefs{DocumentID: id, Version: v, Refs: []index.SourceRef{}}
		}
		return SourceRefsOf(ctx, tx, nil, func(r SourceRef) error {
			d := want[r.DocumentID]
			d.Refs = append(d.Refs, r.Ref)
			want[r.DocumentID] = d
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(want[ids["one 2.md"]].Refs) + len(want[ids["z:9.md"]].Refs); n != 6 {
		t.Fatalf("the fixture has %d refs, want 6: %+v", n, want)
	}
	for _, tc := range []struct {
		name string
		ids  []int64
	}{
		{"every document", nil},
		{"some", []int64{ids["z:9.md"], ids["none.md"], 999}},
	} {
		var got []DocRefs
		err := store.ReadTx(ctx, ix.DB, func(tx *sql.Tx) error {
			var err error
			got, err = RefsOf(ctx, tx, tc.ids)
			return err
		})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var wantList []DocRefs
		for _, id := range sortedIDs(want, tc.ids) {
			wantList = append(wantList, want[id])
		}
		if !reflect.DeepEqual(got, wantList) {
			t.Errorf("%s: RefsOf =\n%+v\nwant\n%+v", tc.name, got, wantList)
		}
	}
}

// sortedIDs are the ids of want (those of only, when not nil) in order.
func sortedIDs(want map[int64]DocRefs, only []int64) []int64 {
	var out []int64
	for _, id := range slices.Sorted(maps.Keys(want)) {
		if only == nil || slices.Contains(only, id) {
			out = append(out, id)
		}
	}
	return out
}

// A packed text that does not read as written is an error, never a
// panic or a wrong row.
func TestUnpackRejectsMalformed(t *testing.T) {
	for _, s := range []string{
		"12",          // no space after the id
		"x 64:abc",    // not a number
		"1 h 9:short", // a length past the end
		"1 h -1:",     // a negative length
		"1 h 3x:abc",  // not a length
		"1 h 3",       // no colon
	} {
		if _, err := unpackVersions(packrows.NewReader(s)); !errors.Is(err, packrows.ErrMalformed) {
			t.Errorf("unpackVersions(%q) = %v, want packrows.ErrMalformed", s, err)
		}
	}
	for _, s := range []string{"1 2 3 1:a", "1 2 3 1:a1", "1 2 x 1:a0:", "1 2 3 5:a0:"} {
		if err := unpackRefs(packrows.NewReader(s), []DocRefs{{DocumentID: 1}}); !errors.Is(err, packrows.ErrMalformed) {
			t.Errorf("unpackRefs(%q) = %v, want packrows.ErrMalformed", s, err)
		}
	}
}

// FuzzUnpack: any packed text reads or fails with packrows.ErrMalformed.
func FuzzUnpack(f *testing.F) {
	f.Add("1 abc 3:a b2 def 0:")
	f.Add("5 7 9 4:src/0:3 8 1 1:x1:F")
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := unpackVersions(packrows.NewReader(s)); err != nil && !errors.Is(err, packrows.ErrMalformed) {
			t.Fatalf("unpackVersions(%q): %v", s, err)
		}
		if err := unpackRefs(packrows.NewReader(s), []DocRefs{{DocumentID: 1}, {DocumentID: 5}}); err != nil && !errors.Is(err, packrows.ErrMalformed) {
			t.Fatalf("unpackRefs(%q): %v", s, err)
		}
	})
}
