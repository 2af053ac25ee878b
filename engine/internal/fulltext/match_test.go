package fulltext

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mattn/go-sqlite3"

	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store/ftsrows"
	"github.com/ubp-dev/ubp/engine/query"
)

// TestFTSTableRouting: which full-text table serves each term.
func TestFTSTableRouting(t *testing.T) {
	tests := []struct {
		term query.Term
		want ftsrows.Index
	}{
		{query.Term{Text: "use", Kind: query.Word, Script: query.ScriptLatin}, ftsrows.Words},
		{query.Term{Text: "old", Kind: query.Translation, Script: query.ScriptLatin}, ftsrows.Words},
		{query.Term{Text: "dependency", Kind: query.Translation, Script: query.ScriptLatin}, ftsrows.Words},
		{query.Term{Text: "x86", Kind: query.Word, Script: query.ScriptLatin}, ftsrows.Words},
		{query.Term{Text: "rank", Kind: query.Word, Script: query.ScriptLatin}, ftsrows.Trigrams},
		{query.Term{Text: "a-b", Kind: query.Word, Script: query.ScriptLatin}, ftsrows.Trigrams},
		{query.Term{Text: "make install", Kind: query.Phrase, Script: query.ScriptOther}, ftsrows.Trigrams},
		{query.Term{Text: "file system", Kind: query.Translation, Script: query.ScriptLatin}, ftsrows.Trigrams},
		{query.Term{Text: "データベース", Kind: query.Word, Script: query.ScriptKatakana}, ftsrows.Trigrams},
		{query.Term{Text: "検索する", Kind: query.Word, Script: query.ScriptOther}, ftsrows.Trigrams},
	}
	for _, tt := range tests {
		t.Run(tt.term.Text, func(t *testing.T) {
			if got := ftsIndex(tt.term); got != tt.want {
				t.Errorf("ftsIndex(%+v) = %s, want %s", tt.term, got, tt.want)
			}
		})
	}
}

// A term reads only its best rows, yet keeps the document frequency of
// every match (its IDF); a gloss of one word is found in the word index,
// at word starts only, and a trigram gloss's word-start check reads only
// the text of those best rows.
func TestFTSHitsReadOnlyTheBestRows(t *testing.T) {
	files := map[string]string{}
	for i := range 6 {
		body := strings.Repeat("pipeline ", 1+i) + "filler text about other things.\n"
		files[fmt.Sprintf("d%d.md", i)] = fmt.Sprintf("# Doc %d\n\n%s", i, body)
	}
	files["w.md"] = "# W\n\nA subpipeline filler is not a word start.\n"
	ix := indexFiles(t, files)
	tests := []struct {
		name      string
		term      query.Term
		limit     int
		wantRows  int
		wantMatch int
	}{
		{"all rows under the limit", query.Term{Text: "pipeline", Kind: query.Word, Script: query.ScriptLatin}, 100, 7, 7},
		{"best rows at the limit, every match counted", query.Term{Text: "pipeline", Kind: query.Word, Script: query.ScriptLatin}, 3, 3, 7},
		{"word index: word starts only", query.Term{Text: "pipeline", Kind: query.Translation, Script: query.ScriptLatin}, 100, 6, 6},
		{"word index: best rows at the limit, every match counted", query.Term{Text: "pipeline", Kind: query.Translation, Script: query.ScriptLatin}, 3, 3, 6},
		{"trigram gloss: word starts checked on the best rows", query.Term{Text: "pipeline filler", Kind: query.Translation, Script: query.ScriptLatin}, 100, 6, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			var got []float64
			ix.readTx(t, func(tx *sql.Tx) error {
				st, err := readCorpusStats(ctx, tx)
				if err != nil {
					return err
				}
				matched, err := ftsrows.CountMatches(ctx, tx, ftsIndex(tt.term), tt.term.Expr())
				if err != nil {
					return err
				}
				if matched != tt.wantMatch {
					t.Errorf("matched %d, want %d", matched, tt.wantMatch)
				}
				return ftsHits(ctx, tx, tt.term, st.n, matched, tt.limit, nil, func(_ int64, score float64) { got = append(got, score) })
			})
			if len(got) != tt.wantRows {
				t.Fatalf("%d rows, want %d", len(got), tt.wantRows)
			}
			if !slices.IsSortedFunc(got, func(a, b float64) int { return cmp.Compare(b, a) }) {
				t.Errorf("rows not best first: %v", got)
			}
		})
	}
}

// textDenyDriver opens connections on which any statement reading the
// text of sections (heading or content) fails to prepare.
var textDenyDriver = sync.OnceValue(func() string {
	name := "sqlite3_deny_section_text"
	sql.Register(name, &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		c.RegisterAuthorizer(func(action int, table, column, _ string) int {
			if action == sqlite3.SQLITE_READ && table == "sections" && (column == "content" || column == "heading") {
				return sqlite3.SQLITE_DENY
			}
			return sqlite3.SQLITE_OK
		})
		return nil
	}})
	return name
})

// TestFulltextRankingReadsNoSectionText ranks sections and documents for
// queries of three-character and longer terms on a connection that
// refuses to read any section's text: the ranking needs the index, the
// kept lengths and the candidates' metadata only (a snapshot of every
// section, or a scan of the table, would be refused).
func TestFulltextRankingReadsNoSectionText(t *testing.T) {
	ix := indexCorpus(t, "unified-blueprint-docs")
	ctx := context.Background()
	db, err := sql.Open(textDenyDriver(), ix.path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var probe string
	if err := db.QueryRow(`SELECT content FROM sections LIMIT 1`).Scan(&probe); err == nil {
		t.Fatal("the connection reads section text: the test would prove nothing")
	}
	for _, q := range []string{"staleness detection", "ドキュメントのランキング", "graph traversal depth"} {
		parsed, err := ParseQuery(q, "ja-en")
		if err != nil {
			t.Fatal(err)
		}
		// Glosses check word starts in the text of their best rows, which
		// is the answer's text, not the corpus, and bigram bonus terms are
		// short units (TestScanUnitMatchesScan): leave them out here.
		plain := parsed.Terms[:0:0]
		for _, term := range parsed.Terms {
			if !term.NeedsWordStart() && term.Kind != query.Bigram {
				plain = append(plain, term)
			}
		}
		parsed.Terms = plain
		for _, term := range parsed.Terms {
			if !term.FTS() {
				t.Fatalf("%q: term %q is not a trigram term; pick another query", q, term.Text)
			}
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var mt Matcher
		m, err := mt.Match(ctx, tx, parsed)
		if err != nil {
			tx.Rollback()
			t.Fatalf("%q: %v", q, err)
		}
		meta, err := docmeta.Load(ctx, tx, m.Docs())
		tx.Rollback()
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if docs := m.Documents(meta); len(docs) == 0 {
			t.Errorf("%q: no document ranked", q)
		}
	}
}
