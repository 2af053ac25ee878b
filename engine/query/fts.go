package query

import (
	"strings"
	"unicode/utf8"
)

// Quote makes s one FTS5 phrase: it is wrapped in double quotes and inner
// double quotes are doubled, which is FTS5's only escape inside a string.
// Everything inside is matched literally, so operators (AND, OR, NOT, NEAR),
// '*', '^', ':' column filters, '+' and parentheses lose their meaning.
// NUL characters, which would end the string early in C, are dropped.
func Quote(s string) string {
	s = strings.ReplaceAll(s, "\x00", "")
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// Expr is the FTS5 MATCH expression for one term, or "" when the term is too
// short for the trigram index (see Term.FTS). A term of the word index
// (Term.WordIndexed) is a prefix query: its stem and every word starting
// with it.
//
// A quoted phrase of several words is the AND of its words of three or
// more characters: the index holds the Markdown lines as written, so a
// phrase wrapped onto the next line ("jumps over\nthe lazy") is no
// substring of it; the rows it finds are then checked for the phrase with
// any white space between its words (Count).
func (t Term) Expr() string {
	if !t.FTS() {
		return ""
	}
	if t.WordIndexed() {
		return Quote(t.Text) + "*"
	}
	if t.SpansLines() {
		var words []string
		for _, w := range strings.Fields(t.Text) {
			if utf8.RuneCountInString(w) >= 3 {
				words = append(words, Quote(w))
			}
		}
		if len(words) > 0 {
			return strings.Join(words, " AND ")
		}
	}
	return Quote(t.Text)
}

// SpansLines reports whether the term is a phrase of several words, found
// across line ends as well (see Expr): its rows must be checked for it.
func (t Term) SpansLines() bool {
	return t.Kind == Phrase && strings.ContainsAny(t.Text, " \t")
}

// MatchExpr is the trigram index's MATCH expression for every indexable
// term of q (each quoted as written, word-indexed ones too; a Glued term
// is its word's twin and is left out), joined with OR
// so a section matching any term is found (ranking by how many terms
// matched is the caller's job). It is "" when no term can use the index.
func (q Query) MatchExpr() string {
	var parts []string
	for _, t := range q.Terms {
		if t.FTS() && t.Kind != Glued {
			parts = append(parts, Quote(t.Text))
		}
	}
	return strings.Join(parts, " OR ")
}

// WordTokenizer is the tokenizer of the word index (sections_words, see
// migration 0010): one token per run of cased letters and decimal digits,
// case and diacritics folded. Kana and punctuation separate words; '_' and
// '-' do too ("ubp_search" holds "search").
const WordTokenizer = "unicode61 remove_diacritics 2 categories 'Ll Lu Lt Nd'" //nolint:gosec // G101 false positive: a tokenizer setting, not a credential
