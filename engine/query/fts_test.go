package query

import (
	"database/sql"
	"testing"

	_ "github.com/mattn/go-sqlite3" // SQLite driver; build with -tags sqlite_fts5
)

// openFTS opens an in-memory FTS5 trigram table shaped like sections_fts.
func openFTS(t testing.TB, rows ...string) *sql.DB {
	return openTable(t, "f", `'trigram'`, rows...)
}

// openTable opens an in-memory FTS5 table named name with the given
// tokenizer and the columns of the sections tables, and fills the content
// column with rows.
func openTable(t testing.TB, name, tokenizer string, rows ...string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite3", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(`CREATE VIRTUAL TABLE ` + name + ` USING fts5(heading, content, tokenize=` + tokenizer + `)`); err != nil {
		t.Fatalf("create fts5 table %s (build with -tags sqlite_fts5): %v", name, err)
	}
	for _, r := range rows {
		if _, err := db.Exec(`INSERT INTO `+name+`(heading, content) VALUES ('', ?)`, r); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

func matchRows(t *testing.T, db *sql.DB, expr string) []int64 {
	t.Helper()
	rows, err := db.Query(`SELECT rowid FROM f WHERE f MATCH ? ORDER BY rowid`, expr)
	if err != nil {
		t.Fatalf("MATCH %s: %v", expr, err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("MATCH %s: %v", expr, err)
	}
	return ids
}

func TestQuoteNeutralisesSyntax(t *testing.T) {
	db := openFTS(t,
		`alpha AND beta`,             // 1
		`alpha beta gamma`,           // 2
		`call NEAR(alpha beta) here`, // 3
		`prefix* and ^start`,         // 4
		`heading:value pairs`,        // 5
		`say "quoted" words`,         // 6
		`(grouped) OR not`,           // 7
		`plain text`,                 // 8
	)
	tests := []struct {
		in   string
		want []int64
	}{
		{`alpha AND beta`, []int64{1}},
		{`NEAR(alpha beta)`, []int64{3}},
		{`prefix*`, []int64{4}},
		{`^start`, []int64{4}},
		{`heading:value`, []int64{5}},
		{`"quoted"`, []int64{6}},
		{`(grouped) OR not`, []int64{7}},
		{`alp`, []int64{1, 2, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := matchRows(t, db, Quote(tt.in))
			if len(got) != len(tt.want) {
				t.Errorf("Quote(%q) matched rows %v, want %v", tt.in, got, tt.want)
				return
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("Quote(%q) matched rows %v, want %v", tt.in, got, tt.want)
					break
				}
			}
		})
	}
}

func TestMatchExprIsOrOfQuotedTerms(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"hybrid search", `"hybrid" OR "search"`},
		{`say "a" b`, `"say"`}, // "a" phrase and b are too short for the index
		{"検索", ""},
		{"データベース設計", `"データベース" OR "データベース設計"`},
		{`abc" OR "def`, `"abc" OR "def"`}, // the phrase "or" is too short
		{`NOT near*`, `"near"`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := Parse(tt.in).MatchExpr(); got != tt.want {
				t.Errorf("Parse(%q).MatchExpr() = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestOrExpressionRanksMoreTermsHigher(t *testing.T) {
	db := openFTS(t, "graph only", "graph search ranking", "nothing")
	got := matchRows(t, db, Parse("search ranking graph").MatchExpr())
	if len(got) != 2 {
		t.Fatalf("OR of terms matched %v, want rows 1 and 2", got)
	}
}

// FuzzFTSQuery checks that every query text turns into expressions SQLite
// FTS5 accepts: each term's and the OR of all.
func FuzzFTSQuery(f *testing.F) {
	for _, s := range []string{
		"", `"`, `""`, `"a" OR "b"`, "NEAR(a b, 3)", "col:term", "^start*", "(a OR b) AND NOT c",
		"検索", "ファイルの変更をリアルタイムで検出する仕組み", "Embeddingモデル", "\x00abc", "a\"b\"c",
		"+-*/:^()", "\xff\xfe", "「未完", "ｰｰｰ", "🙂🙂🙂",
	} {
		f.Add(s)
	}
	db := openFTS(f, "some text", "検索アルゴリズム", `"quoted" NEAR(x y)`)
	words := openWords(f, "some text", "検索アルゴリズム", `"quoted" NEAR(x y)`)
	f.Fuzz(func(t *testing.T, s string) {
		q := Parse(s)
		type expr struct {
			db          *sql.DB
			table, expr string
		}
		exprs := []expr{{db, "f", q.MatchExpr()}}
		for _, term := range q.Terms {
			if term.WordIndexed() {
				exprs = append(exprs, expr{words, "w", term.Expr()})
			} else {
				exprs = append(exprs, expr{db, "f", term.Expr()})
			}
		}
		for _, x := range exprs {
			e := x.expr
			if e == "" {
				continue
			}
			rows, err := x.db.Query(`SELECT rowid FROM `+x.table+` WHERE `+x.table+` MATCH ?`, e)
			if err == nil {
				for rows.Next() {
				}
				err = rows.Err()
				rows.Close()
			}
			if err != nil {
				t.Fatalf("query %q: expression %q rejected: %v", s, e, err)
			}
		}
	})
}
