package docwrite

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestDeferrableIndexes: the deferrable indexes of links are found with
// their statements, and dropping them and creating them from those
// statements gives the schema back as it was; links_source is never one
// of them.
func TestDeferrableIndexes(t *testing.T) {
	ctx := context.Background()
	db := openIndex(t)
	schema := func() []string {
		rows, err := db.QueryContext(ctx, `SELECT name || ': ' || sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'links' AND sql IS NOT NULL ORDER BY name`)
		if err != nil {
			t.Fatal(err)
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
		return out
	}
	before := schema()
	names, stmts, err := DeferrableIndexes(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"links_ambiguous", "links_dangling", "links_name_key", "links_target", "links_text_key"}
	if !slices.Equal(names, want) {
		t.Fatalf("deferrable indexes %v, want %v", names, want)
	}
	for i, stmt := range stmts {
		if !strings.HasPrefix(stmt, "CREATE INDEX "+names[i]+" ") {
			t.Errorf("statement of %s: %q", names[i], stmt)
		}
	}
	for _, n := range names {
		if err := DropIndex(ctx, db, n); err != nil {
			t.Fatal(err)
		}
	}
	if got := schema(); len(got) != 1 || !strings.HasPrefix(got[0], "links_source: ") {
		t.Fatalf("indexes of links left after dropping the deferrable ones: %v, want links_source only", got)
	}
	for _, stmt := range stmts {
		if err := CreateIndex(ctx, db, stmt); err != nil {
			t.Fatal(err)
		}
	}
	if got := schema(); !slices.Equal(got, before) {
		t.Errorf("indexes after creating them again:\n%v\nwant\n%v", got, before)
	}
	if err := CreateIndex(ctx, db, "DROP TABLE links"); err == nil {
		t.Error("CreateIndex ran a statement that creates no index")
	}
}
