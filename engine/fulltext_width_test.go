package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwrite"
	"github.com/ubp-dev/ubp/engine/query/textfold"
	"github.com/ubp-dev/ubp/migrations"
)

// widthDocs write the same things in the widths Japanese text uses:
// full-width Latin letters and digits, half-width katakana (with voiced
// marks as separate characters), an ideographic space, a Kangxi radical
// that looks like the kanji it stands for, decomposed kana.
var widthDocs = map[string]string{
	"full.md": "---\ntitle: Full\n---\n\n# ＬＲＵキャッシュ\n\n" +
		"ＬＲＵ方式の　ＡＰＩキー　は１２３４５番で、ＡＩ が ｆｒｏｎｔｍａｔｔｅｒ を読む。\n",
	"half.md": "---\ntitle: Half\n---\n\n# 設定\n\n" +
		"ｶﾞｲﾄﾞを読んでからﾃﾞｰﾀﾍﾞｰｽを作る。ﾒﾓを取る。\n",
	"kangxi.md": "---\ntitle: Kangxi\n---\n\n# 別紙\n\n" +
		"⽂書の管理。\n", // U+2F42 KANGXI RADICAL SCRIPT, not 文 U+6587
	// Decomposed kana, as macOS writes file text sometimes: パスワード as
	// ハ + ゚, ス, ワ, ー, ト + ゙.
	"nfd.md": "---\ntitle: NFD\n---\n\n# 手順\n\n" +
		"\u30cf\u309a\u30b9\u30ef\u30fc\u30c8\u3099を変える。\n",
	"plain.md": "---\ntitle: Plain\n---\n\n# Other\n\n" +
		"Nothing of the above: 取扱説明と記録。\n",
}

// TestFullWidthTextIsFound: a query finds text written in another width
// (ＬＲＵ for LRU, ｶﾞｲﾄﾞ for ガイド) and the text as written, in every
// path of full-text matching: trigrams (LRU方式, ガイド), the word index
// (frontmatter), a short Latin word (ai), short non-Latin units (メモ),
// and the scan used while units are queued.
func TestFullWidthTextIsFound(t *testing.T) {
	e := searchProject(t, widthDocs, "none")
	cases := []foundCase{
		{"LRU", "full.md"},
		{"ＬＲＵ", "full.md"},
		{"lru方式", "full.md"},
		{"ＡＰＩキー", "full.md"},
		{"API", "full.md"},
		{"12345", "full.md"},
		{"１２３４５", "full.md"},
		{"frontmatter", "full.md"},
		{"ai", "full.md"},
		{"ガイド", "half.md"},
		{"ｶﾞｲﾄﾞ", "half.md"},
		{"データベース", "half.md"},
		{"メモ", "half.md"},
		{"ﾒﾓ", "half.md"},
		{"文書", "kangxi.md"},
		{"⽂書", "kangxi.md"},
		{"パスワード", "nfd.md"},
	}
	checkFoundAlone(t, e, "indexed", cases)
	// Queue every section's short units again: search then scans the
	// sections for the short terms instead of reading their postings.
	if _, err := e.db.Exec(`INSERT OR IGNORE INTO section_units_pending(id) SELECT id FROM sections`); err != nil {
		t.Fatal(err)
	}
	checkFoundAlone(t, e, "units queued", cases)
}

// foundCase is a query and the one document full text must find for it.
type foundCase struct{ query, want string }

// checkFoundAlone fails unless full-text search finds each case's document
// and nothing else, and search ranks it first with full-text evidence.
func checkFoundAlone(t *testing.T, e *Engine, label string, cases []foundCase) {
	t.Helper()
	for _, c := range cases {
		got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: c.query}))
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: fulltext %q = %v, want [%s]", label, c.query, got, c.want)
		}
		res := mustSearch(t, e, SearchOptions{Query: c.query})
		if len(res.Results) == 0 || res.Results[0].Filepath != c.want || res.Results[0].ScoreBreakdown.BM25 == 0 {
			t.Errorf("%s: search %q = %+v, want %s first with full-text evidence", label, c.query, res.Results, c.want)
		}
	}
}

// TestFullWidthSnippetMarksTheTextAsWritten: the snippet shows the text
// as written, marking the characters that matched a query in another
// width.
func TestFullWidthSnippetMarksTheTextAsWritten(t *testing.T) {
	e := searchProject(t, widthDocs, "none")
	cases := []struct {
		query, want string
	}{
		{"LRU方式", "⟦ＬＲＵ方式⟧"},
		{"12345", "⟦１２３４５⟧"},
		{"ガイド", "⟦ｶﾞｲﾄﾞ⟧"},
		{"データベース", "⟦ﾃﾞｰﾀﾍﾞｰｽ⟧"},
		{"文書", "⟦⽂書⟧"},
	}
	for _, c := range cases {
		res := mustFulltext(t, e, FulltextOptions{Query: c.query})
		if len(res.Results) == 0 || !strings.Contains(res.Results[0].Snippet, c.want) {
			t.Errorf("fulltext %q: snippet %+v, want it to hold %s", c.query, res.Results, c.want)
		}
	}
}

// TestFoldMigrationRebuildsFullText: an index written before the full-text
// tables indexed folded text is rebuilt by the migration when it is opened
// (and so is one whose first build an older ubp left with the full-text
// index deferred); the sections whose units change are queued, Freshness
// says so, and an indexing run writes them.
func TestFoldMigrationRebuildsFullText(t *testing.T) {
	const version = 14 // 0014_folded_text
	for _, deferred := range []bool{false, true} {
		t.Run(fmt.Sprintf("deferred=%v", deferred), func(t *testing.T) {
			ctx := context.Background()
			e := searchProject(t, widthDocs, "none")
			for _, stmt := range undoAfter(t, version-1) {
				if _, err := e.db.ExecContext(ctx, stmt); err != nil {
					t.Fatal(err)
				}
			}
			if err := store.SetMeta(ctx, e.db, store.MetaSchemaVersion, strconv.Itoa(version-1)); err != nil {
				t.Fatal(err)
			}
			if n := coreCount(t, e, `SELECT count(*) FROM sections_fts WHERE sections_fts MATCH '"lru"'`); n != 0 {
				t.Fatalf("the old schema's trigram index holds lru %d times", n)
			}
			if deferred {
				// What deferFTS leaves when a first build stops.
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
			}
			p := e.Project()
			if err := e.Close(); err != nil {
				t.Fatal(err)
			}
			var upgrades [][2]int
			e2, err := Open(ctx, p, OpenOptions{OnUpgrade: func(from, to int) { upgrades = append(upgrades, [2]int{from, to}) }})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { e2.Close() })
			if len(upgrades) != 1 || upgrades[0] != [2]int{version - 1, migrations.Latest()} {
				t.Errorf("OnUpgrade told %v, want once [%d %d]", upgrades, version-1, migrations.Latest())
			}
			if e2.version != migrations.Latest() {
				t.Fatalf("version %d after reopening, want %d", e2.version, migrations.Latest())
			}
			if deferred {
				if n := coreCount(t, e2, `SELECT count(*) FROM meta, json_each(meta.value, '$.triggers') AS t
					WHERE meta.key = 'fts_deferred' AND (t.value LIKE '%sections_fts%' OR t.value LIKE '%sections_words%')`); n != 0 {
					t.Errorf("the deferral still records %d full-text triggers of the old schema", n)
				}
				coreIndex(t, e2, false) // restores the deferral
				if n := coreCount(t, e2, `SELECT count(*) FROM meta WHERE key = 'fts_deferred'`); n != 0 {
					t.Fatal("the deferral was not restored")
				}
			} else {
				f, err := e2.Freshness(ctx)
				if err != nil || !f.UnitsQueued || f.Current() {
					t.Errorf("freshness after the migration: %+v, %v; want units queued", f, err)
				}
			}
			checkFullText(t, e2, "after the migration")
			for _, q := range []string{"LRU", "ガイド", "メモ", "文書", "frontmatter"} {
				if got := ftPaths(mustFulltext(t, e2, FulltextOptions{Query: q})); len(got) != 1 {
					t.Errorf("fulltext %q after the migration: %v", q, got)
				}
			}
			coreIndex(t, e2, false)
			if f, err := e2.Freshness(ctx); err != nil || !f.Current() {
				t.Errorf("freshness after an indexing run: %+v, %v", f, err)
			}
			if got := ftPaths(mustFulltext(t, e2, FulltextOptions{Query: "ﾒﾓ"})); len(got) != 1 || got[0] != "half.md" {
				t.Errorf("ﾒﾓ from the units written again: %v", got)
			}
			// An edit after the migration keeps the tables in step
			// (the triggers delete what they inserted).
			coreEdit(t, filepath.Join(p.DocsDir(), "full.md"), "---\ntitle: Full\n---\n\n# ＭＲＵ\n\nＭＲＵ方式。\n")
			coreIndex(t, e2, false)
			if got := ftPaths(mustFulltext(t, e2, FulltextOptions{Query: "LRU"})); len(got) != 0 {
				t.Errorf("LRU after the edit: %v", got)
			}
			if got := ftPaths(mustFulltext(t, e2, FulltextOptions{Query: "mru"})); len(got) != 1 {
				t.Errorf("mru after the edit: %v", got)
			}
			checkFullText(t, e2, "after the edit")
		})
	}
}

// TestNewTextFoldRebuildsFullText: an index whose full-text tables were
// built with another text fold has them rebuilt by the next indexing run
// (tokens a changed fold would no longer remove are gone), its short units
// written again, and the fold recorded.
func TestNewTextFoldRebuildsFullText(t *testing.T) {
	ctx := context.Background()
	e := searchProject(t, widthDocs, "none")
	var v string
	if err := e.db.QueryRow(`SELECT value FROM meta WHERE key = 'text_fold'`).Scan(&v); err != nil || v != textfold.Version {
		t.Fatalf("text_fold after the first build = %q, %v; want %q", v, err, textfold.Version)
	}
	// Tokens of an older fold: a row the sections do not have.
	for _, stmt := range []string{
		`UPDATE meta SET value = 'nfkc-0.0.0/0' WHERE key = 'text_fold'`,
		`INSERT INTO sections_fts(rowid, heading, content) VALUES (987654, 'stale', 'zzqqxx tokens')`,
	} {
		if _, err := e.db.ExecContext(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.db.ExecContext(ctx, `INSERT INTO sections_fts(sections_fts, rank) VALUES ('integrity-check', 1)`); err == nil {
		t.Fatal("the planted row should fail the integrity check")
	}
	coreIndex(t, e, false)
	checkFullText(t, e, "after the run")
	if err := e.db.QueryRow(`SELECT value FROM meta WHERE key = 'text_fold'`).Scan(&v); err != nil || v != textfold.Version {
		t.Errorf("text_fold after the run = %q, %v", v, err)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM section_units_pending`); n != 0 {
		t.Errorf("%d sections still queued for units", n)
	}
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "zzqqxx"})); len(got) != 0 {
		t.Errorf("the old fold's tokens are still found: %v", got)
	}
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "ﾒﾓ"})); len(got) != 1 || got[0] != "half.md" {
		t.Errorf("ﾒﾓ after the rebuild: %v", got)
	}
}

// checkFullText runs FTS5's integrity check on both full-text tables of e:
// their tokens are those of the folded sections.
func checkFullText(t *testing.T, e *Engine, when string) {
	t.Helper()
	for _, table := range []string{"sections_fts", "sections_words"} {
		if _, err := e.db.Exec(`INSERT INTO ` + table + `(` + table + `, rank) VALUES ('integrity-check', 1)`); err != nil {
			t.Errorf("%s %s: %v", table, when, err)
		}
	}
}
