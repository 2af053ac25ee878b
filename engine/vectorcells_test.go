package engine

import (
	"context"
	"strings"
	"testing"
)

// An index whose vector table predates cells (no cell partition key) is
// rewritten with them by the next indexing run, even one with nothing to
// embed, and vector search keeps answering.
func TestIndexRunUpgradesVectorTableToCells(t *testing.T) {
	e := searchProject(t, wordsFixture, "static")
	ctx := context.Background()
	want := coreCount(t, e, `SELECT count(*) FROM section_vectors`)
	if want == 0 {
		t.Fatal("the fixture indexed no vectors")
	}
	// The same vectors, in a table without cells.
	for _, stmt := range []string{
		`CREATE TEMP TABLE indexed AS SELECT rowid AS id, embedding FROM section_vectors`,
		`DROP TABLE section_vectors`,
		`CREATE VIRTUAL TABLE section_vectors USING vec0(embedding float[100] distance_metric=cosine)`,
		`INSERT INTO section_vectors(rowid, embedding) SELECT id, embedding FROM indexed`,
	} {
		if _, err := e.db.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	if _, err := e.Index(ctx, IndexOptions{}); err != nil {
		t.Fatal(err)
	}
	var ddl string
	if err := e.db.QueryRowContext(ctx, `SELECT sql FROM sqlite_master WHERE name = 'section_vectors'`).Scan(&ddl); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ddl, "partition key") {
		t.Fatalf("vector table after an index run: %s; want a cell partition key", ddl)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM section_vectors`); n != want {
		t.Errorf("%d vectors after the upgrade, want %d", n, want)
	}
	res, err := e.Search(ctx, SearchOptions{Query: "threshold ranking"})
	if err != nil || len(res.Results) == 0 || res.SearchType != "hybrid" {
		t.Fatalf("search after the upgrade: %d results, %q, %v; want hybrid results", len(res.Results), res.SearchType, err)
	}
}
