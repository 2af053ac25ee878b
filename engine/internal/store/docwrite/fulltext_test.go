package docwrite

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestFullTextTriggersFound(t *testing.T) {
	db := openIndex(t)
	f, err := FindFullTextTriggers(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(f.Tables, ",") != "sections_fts,sections_words" {
		t.Errorf("tables %v", f.Tables)
	}
	var want []string
	for _, tbl := range []string{"sections_fts", "sections_words", "link_generation", "search_generation_documents", "search_generation_sections"} {
		for _, op := range []string{"ad", "ai", "au"} {
			want = append(want, tbl+"_"+op)
		}
	}
	got := slices.Sorted(slices.Values(f.Names))
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("triggers %v, want %v", got, want)
	}
	if !slices.Equal(slices.Sorted(slices.Values(f.Counters)), []string{"link_generation", "search_generation"}) {
		t.Errorf("counters %v", f.Counters)
	}
	if len(f.Triggers) != len(f.Names) {
		t.Errorf("%d trigger statements for %d names", len(f.Triggers), len(f.Names))
	}
	for _, stmt := range f.Triggers {
		if !strings.HasPrefix(stmt, "CREATE TRIGGER") {
			t.Errorf("trigger SQL %q", stmt)
		}
	}
}
