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
// short for the trigram index (see Term.FTS).
func (t Term) Expr() string {
	if !t.FTS() {
		return ""
	}
	return Quote(t.Text)
}

// MatchExpr is the FTS5 MATCH expression for every indexable term of q,
// joined with OR so a section matching any term is found (ranking by how many
// terms matched is the caller's job). It is "" when no term can use the
// index.
func (q Query) MatchExpr() string {
	var parts []string
	for _, t := range q.Terms {
		if e := t.Expr(); e != "" {
			parts = append(parts, e)
		}
	}
	return strings.Join(parts, " OR ")
}
