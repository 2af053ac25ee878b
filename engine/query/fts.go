package query

import "strings"

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
func (t Term) Expr() string {
	if !t.FTS() {
		return ""
	}
	if t.WordIndexed() {
		return Quote(t.Text) + "*"
	}
	return Quote(t.Text)
}

// MatchExpr is the trigram index's MATCH expression for every indexable
// term of q (each quoted as written, word-indexed ones too), joined with OR
// so a section matching any term is found (ranking by how many terms
// matched is the caller's job). It is "" when no term can use the index.
func (q Query) MatchExpr() string {
	var parts []string
	for _, t := range q.Terms {
		if t.FTS() {
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
