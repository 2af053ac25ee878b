package engine

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/migrations"
)

// The migration's tokenizer is the one the query package routes for.
func TestWordIndexTokenizerMatchesQuery(t *testing.T) {
	e := coreProject(t, t.TempDir(), "docs")
	var stmt string
	if err := e.db.QueryRow(`SELECT sql FROM sqlite_master WHERE name = 'sections_words'`).Scan(&stmt); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stmt, query.WordTokenizer) {
		t.Errorf("sections_words is %s, want tokenize %q", stmt, query.WordTokenizer)
	}
}

// wordsFixture: stems that start words, stems inside other words, and
// Japanese text with English words in it.
var wordsFixture = map[string]string{
	"ranking.md":    "# Ranking\n\nHow results are ranked: ranking by BM25.\n",
	"threshold.md":  "# Thresholds\n\nThe threshold holds the alert.\n",
	"stale.md":      "# Old pages\n\nOld pages go stale; staleness is tracked.\n",
	"config.md":     "# 設定\n\nこの設定はAPIで指定する。検索の設定。\n",
	"identifier.md": "# Tools\n\nThe ubp_api tool and sqlite-vec; reindex it.\n",
	"tools.md":      "# Use\n\nUsers use tools, because of the museum.\n",
}

// TestFulltextWordIndexSemantics: what users find, through the word index
// for short words and the trigram index for the rest.
func TestFulltextWordIndexSemantics(t *testing.T) {
	e := searchProject(t, wordsFixture, "none")
	tests := []struct {
		query string
		want  []string // documents, in any order
	}{
		{"old", []string{"stale.md"}},                   // not inside "threshold" or "holds"
		{"use", []string{"tools.md"}},                   // "users" yes, "because" no
		{"api", []string{"config.md", "identifier.md"}}, // in Japanese text; '_' separates words
		{"rank", []string{"ranking.md"}},                // longer words: trigram
		{"staleness", []string{"stale.md"}},             // the stem finds "stale"
		{"index", []string{"identifier.md"}},            // inside "reindex"
		{"sqlite-vec", []string{"identifier.md"}},       // joiners: trigram
		{"設定", []string{"config.md"}},                   // Japanese: trigram and units
		{"古い", []string{"stale.md"}},                    // the gloss "old" only where a word begins
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res := mustFulltext(t, e, FulltextOptions{Query: tt.query})
			got := ftPaths(res)
			slices.Sort(got)
			got = slices.Compact(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("documents = %v, want %v", got, tt.want)
			}
			for _, h := range res.Results {
				if !strings.Contains(h.Snippet, "⟦") {
					t.Errorf("%s: snippet %q marks nothing", h.Filepath, h.Snippet)
				}
			}
		})
	}
}

// TestEditedSectionFoundByNewWords: after an edit, a section is found by
// its new words through the word index, and no longer by its old ones.
func TestEditedSectionFoundByNewWords(t *testing.T) {
	e := searchProject(t, map[string]string{
		"a.md": "# Notes\n\nThe zebrafish pipeline for elk.\n",
		"b.md": "# Other\n\nNothing related.\n",
	}, "none")
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "zebrafish"})); !slices.Equal(got, []string{"a.md"}) {
		t.Fatalf("before the edit: zebrafish found in %v", got)
	}
	path := filepath.Join(e.Project().Root, "docs", "a.md")
	coreEdit(t, path, "# Notes\n\nThe okapi workflow for yak.\n")
	if _, err := e.IndexPaths(context.Background(), []string{path}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		query string
		want  []string
	}{{"yak", []string{"a.md"}}, {"okapi", []string{"a.md"}}, {"elk", nil}, {"zebrafish", nil}}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: tt.query})); !slices.Equal(got, tt.want) {
				t.Errorf("after the edit: %q found in %v, want %v", tt.query, got, tt.want)
			}
			if got := hitPaths(mustSearch(t, e, SearchOptions{Query: tt.query})); !slices.Equal(got, tt.want) {
				t.Errorf("after the edit: hybrid %q found %v, want %v", tt.query, got, tt.want)
			}
		})
	}
	if n := coreCount(t, e, `SELECT count(*) FROM sections_words WHERE sections_words MATCH 'elk'`); n != 0 {
		t.Errorf("the old word is still in the word index %d times", n)
	}
}

// TestWordIndexMigrationBackfills: an index written before the word index
// existed gets it, filled from its sections, when it is opened.
func TestWordIndexMigrationBackfills(t *testing.T) {
	e := searchProject(t, wordsFixture, "none")
	ctx := context.Background()
	var version int
	all, err := migrations.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range all {
		if m.Name == "word_index" {
			version = m.Version
		}
	}
	if version == 0 {
		t.Fatal("no word_index migration")
	}
	// Take the index back to the schema before the migration.
	e2 := reopenBefore(t, e, version-1)
	if _, err := e2.db.ExecContext(ctx, `INSERT INTO sections_words(sections_words, rank) VALUES ('integrity-check', 1)`); err != nil {
		t.Fatalf("backfilled word index does not match the sections: %v", err)
	}
	sections := coreCount(t, e2, `SELECT count(*) FROM sections`)
	if n := coreCount(t, e2, `SELECT count(*) FROM sections_words WHERE sections_words MATCH 'api OR rank* OR threshold'`); n != 4 || sections == 0 {
		t.Errorf("%d sections in the backfilled word index match, want 3 (of %d)", n, sections)
	}
	if got := ftPaths(mustFulltext(t, e2, FulltextOptions{Query: "use"})); !slices.Equal(got, []string{"tools.md"}) {
		t.Errorf("use after the migration: %v", got)
	}
}
