package query

import (
	"database/sql"
	"fmt"
	"testing"
)

// TestWordIndexedRouting: which full-text index each term of a query uses.
// Latin words that must begin a word (three letters or digits) go to the
// word index; longer words, phrases, identifiers with joiners, shorter
// words and every other script stay on the trigram index (or the
// short-term scans).
func TestWordIndexedRouting(t *testing.T) {
	tests := []struct {
		query string
		want  map[string]bool // term text → WordIndexed
	}{
		{"use ranking staleness", map[string]bool{"use": true, "rank": false, "stale": false}},
		{"Search the API log", map[string]bool{"search": false, "api": true, "log": true}},
		{"utf8 v2 0010 x86", map[string]bool{"utf8": false, "v2": false, "0010": false, "x86": true}},
		{"sqlite-vec a-b config.search", map[string]bool{"sqlite-vec": false, "a-b": false, "config.search": false}},
		{`"make install" "use" map`, map[string]bool{"make install": false, "use": false, "map": true}},
		{"caf Привет αβγ", map[string]bool{"caf": true, "привет": false, "αβγ": true}},
		{"検索 データベース設計", map[string]bool{"検索": false, "データベース": false, "設計": false, "データベース設計": false}},
		{"AIモデル", map[string]bool{"ai": false, "モデル": false, "aiモデル": false}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			q := Parse(tt.query)
			got := map[string]bool{}
			for _, term := range q.Terms {
				if term.Kind == Glued { // the same word, looked for in the short-term postings
					continue
				}
				got[term.Text] = term.WordIndexed()
				if term.WordIndexed() && !term.NeedsWordStart() {
					t.Errorf("%q is word-indexed but does not need a word start", term.Text)
				}
			}
			for text, want := range tt.want {
				w, ok := got[text]
				if !ok {
					t.Errorf("no term %q in %v", text, got)
					continue
				}
				if w != want {
					t.Errorf("term %q: WordIndexed = %v, want %v", text, w, want)
				}
			}
		})
	}
}

// TestWordIndexedTranslation: an English gloss of a Japanese word is a
// word-index term, of any length, when it is one word, a trigram phrase
// when it is more.
func TestWordIndexedTranslation(t *testing.T) {
	tests := []struct {
		term Term
		want bool
	}{
		{Term{Text: "old", Kind: Translation, Script: ScriptLatin}, true},
		{Term{Text: "dependency", Kind: Translation, Script: ScriptLatin}, true},
		{Term{Text: "file system", Kind: Translation, Script: ScriptLatin}, false},
		{Term{Text: "up", Kind: Translation, Script: ScriptLatin}, false},
		{Term{Text: "dependency", Kind: Word, Script: ScriptLatin}, false},
		{Term{Text: "use", Kind: Compound, Script: ScriptLatin}, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s %v", tt.term.Text, tt.term.Kind), func(t *testing.T) {
			if got := tt.term.WordIndexed(); got != tt.want {
				t.Errorf("%+v: WordIndexed = %v, want %v", tt.term, got, tt.want)
			}
		})
	}
}

// openWords opens an in-memory FTS5 table shaped like sections_words.
func openWords(t testing.TB, rows ...string) *sql.DB {
	return openTable(t, "w", `"`+WordTokenizer+`"`, rows...)
}

// TestWordIndexMatchesWordStarts runs each word term's Expr against a
// real word table: the stem finds the forms that start with it, never a
// word that merely contains it, and the snippet's Count agrees row by row.
func TestWordIndexMatchesWordStarts(t *testing.T) {
	rows := []string{
		"The threshold holds.",               // 1
		"Old pages go stale.",                // 2
		"Ranking and re-ranking of results.", // 3
		"We rank pages; research it.",        // 4
		"この設定はconfigで指定する",                   // 5: kana separate words
		"ubp_search and sqlite-vec",          // 6: '_' and '-' separate words
		"Staleness of a Café",                // 7
		"reindex everything",                 // 8
		"An INDEX of indexes",                // 9
	}
	db := openWords(t, rows...)
	tests := []struct {
		term Term
		want []int64
	}{
		{Term{Text: "old", Kind: Word, Script: ScriptLatin}, []int64{2}},
		{Term{Text: "rank", Kind: Translation, Script: ScriptLatin}, []int64{3, 4}},
		{Term{Text: "ranking", Kind: Translation, Script: ScriptLatin}, []int64{3}},
		{Term{Text: "search", Kind: Translation, Script: ScriptLatin}, []int64{6}},
		{Term{Text: "config", Kind: Translation, Script: ScriptLatin}, []int64{5}},
		{Term{Text: "stale", Kind: Translation, Script: ScriptLatin}, []int64{2, 7}},
		{Term{Text: "cafe", Kind: Translation, Script: ScriptLatin}, []int64{7}},
		{Term{Text: "index", Kind: Translation, Script: ScriptLatin}, []int64{9}},
		{Term{Text: "vec", Kind: Word, Script: ScriptLatin}, []int64{6}},
	}
	for _, tt := range tests {
		t.Run(tt.term.Text, func(t *testing.T) {
			term := tt.term
			if !term.WordIndexed() {
				t.Fatalf("%+v is not word-indexed", term)
			}
			r, err := db.Query(`SELECT rowid FROM w WHERE w MATCH ? ORDER BY rowid`, term.Expr())
			if err != nil {
				t.Fatalf("MATCH %s: %v", term.Expr(), err)
			}
			var got []int64
			for r.Next() {
				var id int64
				if err := r.Scan(&id); err != nil {
					t.Fatal(err)
				}
				got = append(got, id)
			}
			r.Close()
			if !equalIDs(got, tt.want) {
				t.Errorf("%s matched rows %v, want %v", term.Expr(), got, tt.want)
			}
			// What the snippet marks agrees with what the index matched
			// (diacritics aside: the index folds them, the text does not).
			if term.Text == "cafe" {
				return
			}
			for i, text := range rows {
				matched := containsID(tt.want, int64(i+1))
				if counted := Count(text, term) > 0; counted != matched {
					t.Errorf("row %d %q: Count > 0 is %v, index match %v", i+1, text, counted, matched)
				}
			}
		})
	}
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func containsID(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
