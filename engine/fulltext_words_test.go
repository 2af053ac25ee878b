package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwrite"
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

// TestWordIndexWordsAfterKanji: a short Latin word written right after a
// kanji (新API, 本番SQL, full-width 全角ＸＹＺ) begins a word, as the
// matcher counts it. SQLite's tokenizer keeps ideographs inside tokens
// (新api was one token), so the word index reads its text with kanji
// blanked out (textfold.Words).
func TestWordIndexWordsAfterKanji(t *testing.T) {
	e := searchProject(t, map[string]string{
		"kanji.md":  "# 新APIの仕様\n\n本番SQLの設定と、全角ＸＹＺの扱い。\n",
		"inside.md": "# Words\n\nThe rapid mysql export.\n",
	}, "none")
	for _, tt := range []struct{ query, want string }{
		{"API", "kanji.md"},
		{"SQL", "kanji.md"}, // not inside "mysql"
		{"XYZ", "kanji.md"},
		{"仕様", "kanji.md"}, // Japanese still through the trigram index
	} {
		got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: tt.query}))
		if !slices.Equal(got, []string{tt.want}) {
			t.Errorf("%s: documents %v, want [%s]", tt.query, got, tt.want)
		}
	}
}

// TestWordIndexKanjiMigration: an index from before schema 17 finds a word
// after a kanji once the migration has rebuilt the word index, also when
// an older build stopped during a first build with the full-text triggers
// dropped (the deferral it recorded names the old word-index triggers).
func TestWordIndexKanjiMigration(t *testing.T) {
	const version = 17 // 0017_word_index_kanji
	for _, deferred := range []bool{false, true} {
		t.Run(fmt.Sprintf("deferred=%v", deferred), func(t *testing.T) {
			ctx := context.Background()
			e := searchProject(t, map[string]string{"kanji.md": "# 新APIの仕様\n\ntext\n"}, "none")
			if deferred {
				// What deferFTS leaves when a first build stops, at schema 16:
				// taken after the undo, so it names the old triggers.
				for _, stmt := range undoAfter(t, version-1) {
					if _, err := e.db.ExecContext(ctx, stmt); err != nil {
						t.Fatal(err)
					}
				}
				f, err := docwrite.FindFullTextTriggers(ctx, e.db)
				if err != nil || len(f.Tables) != 2 {
					t.Fatalf("full-text triggers: %+v, %v", f, err)
				}
				for _, name := range f.Names {
					if err := docwrite.DropTrigger(ctx, e.db, name); err != nil {
						t.Fatal(err)
					}
				}
				blob, err := json.Marshal(map[string][]string{"tables": f.Tables, "triggers": f.Triggers, "counters": f.Counters})
				if err != nil {
					t.Fatal(err)
				}
				if err := store.SetMeta(ctx, e.db, "fts_deferred", string(blob)); err != nil {
					t.Fatal(err)
				}
				if err := store.SetMeta(ctx, e.db, store.MetaSchemaVersion, strconv.Itoa(version-1)); err != nil {
					t.Fatal(err)
				}
				p := e.Project()
				if err := e.Close(); err != nil {
					t.Fatal(err)
				}
				e = coreOpen(t, p)
			} else {
				e = reopenBefore(t, e, version-1)
			}
			coreIndex(t, e, false) // restores a deferral
			if _, err := e.db.Exec(`INSERT INTO sections_words(sections_words, rank) VALUES ('integrity-check', 1)`); err != nil {
				t.Fatalf("the rebuilt word index does not match the sections: %v", err)
			}
			if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "API"})); !slices.Equal(got, []string{"kanji.md"}) {
				t.Errorf("API after the migration: %v", got)
			}
			// New sections go through the new triggers.
			coreWriteFiles(t, e.Project().DocsDir(), map[string]string{"more.md": "# 本番SQL\n\nmore\n"})
			coreIndex(t, e, false)
			if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "SQL"})); !slices.Equal(got, []string{"more.md"}) {
				t.Errorf("SQL in a page written after the migration: %v", got)
			}
		})
	}
}
