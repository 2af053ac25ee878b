package ftsrows

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Index is one of the FTS5 tables of sections (migration 0003 and after).
type Index int

const (
	// Trigrams is sections_fts: trigram tokens, substrings of three or more
	// characters.
	Trigrams Index = iota
	// Words is sections_words: Latin words, matched at word starts.
	Words
)

// String is the name of the FTS5 table of i.
func (i Index) String() string {
	if i == Words {
		return "sections_words"
	}
	return "sections_fts"
}

// Scored is one matching section and its FTS5 bm25() negated (higher is
// better).
type Scored struct {
	ID    int64
	Score float64
}

// BestRows reads the limit best sections matching the FTS5 expression
// expr in index i by bm25(), the heading column weighing headingWeight
// and the content 1, best first.
func BestRows(ctx context.Context, q store.Querier, i Index, expr string, headingWeight float64, limit int) ([]Scored, error) {
	rows, err := q.QueryContext(ctx, fmt.Sprintf(`
		SELECT rowid, -bm25(%[3]s, %[1]g, 1.0)
		FROM %[3]s WHERE %[3]s MATCH ?
		ORDER BY bm25(%[3]s, %[1]g, 1.0) LIMIT %[2]d`, headingWeight, limit, i.String()), expr)
	if err != nil {
		return nil, fmt.Errorf("match %s: %w", i.String(), err)
	}
	hits, err := scanScored(rows)
	if err != nil {
		return nil, fmt.Errorf("match %s: %w", i.String(), err)
	}
	return hits, nil
}

// AllRows scores, by bm25() as BestRows does, every section matching expr
// in index i, in no particular order.
func AllRows(ctx context.Context, q store.Querier, i Index, expr string, headingWeight float64) ([]Scored, error) {
	rows, err := q.QueryContext(ctx, fmt.Sprintf(`
		SELECT rowid, -bm25(%[2]s, %[1]g, 1.0) FROM %[2]s WHERE %[2]s MATCH ?`, headingWeight, i.String()), expr)
	if err != nil {
		return nil, fmt.Errorf("match %s: %w", i.String(), err)
	}
	hits, err := scanScored(rows)
	if err != nil {
		return nil, fmt.Errorf("match %s: %w", i.String(), err)
	}
	return hits, nil
}

// CountMatches counts the sections matching expr in index i.
func CountMatches(ctx context.Context, q store.Querier, i Index, expr string) (int, error) {
	var n int
	if err := q.QueryRowContext(ctx, fmt.Sprintf(`SELECT count(*) FROM %[1]s WHERE %[1]s MATCH ?`, i.String()), expr).Scan(&n); err != nil {
		return 0, fmt.Errorf("count the matches in %s: %w", i.String(), err)
	}
	return n, nil
}

// ScoreOn scores, by bm25() as BestRows does, the sections among ids that
// match expr in index i, in no particular order. The unary plus keeps the
// id list out of FTS5's plan: given `rowid IN (...)`, FTS5 would run the
// match once per id and bm25() would count the term's matches again each
// time; as a filter, the match is walked once and only the listed rows are
// scored.
func ScoreOn(ctx context.Context, q store.Querier, i Index, expr string, headingWeight float64, ids []int64) ([]Scored, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, fmt.Errorf("list the sections to score: %w", err)
	}
	rows, err := q.QueryContext(ctx, fmt.Sprintf(`
		SELECT rowid, -bm25(%[2]s, %[1]g, 1.0)
		FROM %[2]s WHERE %[2]s MATCH ? AND +rowid IN (SELECT value FROM json_each(?))`, headingWeight, i.String()), expr, string(list))
	if err != nil {
		return nil, fmt.Errorf("match %s on %d sections: %w", i.String(), len(ids), err)
	}
	hits, err := scanScored(rows)
	if err != nil {
		return nil, fmt.Errorf("match %s on %d sections: %w", i.String(), len(ids), err)
	}
	return hits, nil
}

// scanScored reads (rowid, score) rows and closes them.
func scanScored(rows *sql.Rows) ([]Scored, error) {
	defer rows.Close()
	var hits []Scored
	for rows.Next() {
		var h Scored
		if err := rows.Scan(&h.ID, &h.Score); err != nil {
			return nil, err
		}
		hits = append(hits, h)
	}
	return hits, rows.Err()
}
