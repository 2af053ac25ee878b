package ftsrows

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
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
// and the content 1, best first. Sections of equal score at the cut are
// taken by their document's file path, then by their order in it
// (TiedByPlace): SQLite took them in row order, so an index kept up to
// date run after run, whose rows are numbered in another order than those
// of a fresh index of the same files, read other sections of a term in
// more than limit.
func BestRows(ctx context.Context, q store.Querier, i Index, expr string, headingWeight float64, limit int) ([]Scored, error) {
	if limit <= 0 {
		return bestRows(ctx, q, i, expr, headingWeight, limit)
	}
	hits, err := bestRows(ctx, q, i, expr, headingWeight, limit+1)
	if err != nil || len(hits) <= limit {
		return hits, err
	}
	cut := hits[limit-1].Score
	if hits[limit].Score != cut {
		return hits[:limit], nil
	}
	// Equal scores straddle the cut: the better ones, then as many of
	// the tied as there is room for, by place. Only then is every
	// match read again.
	better := 0
	for better < limit && hits[better].Score > cut {
		better++
	}
	all, err := AllRows(ctx, q, i, expr, headingWeight)
	if err != nil {
		return nil, err
	}
	var tied []int64
	for _, h := range all {
		if h.Score == cut {
			tied = append(tied, h.ID)
		}
	}
	if tied, err = TiedByPlace(ctx, q, tied); err != nil {
		return nil, fmt.Errorf("match %s: %w", i.String(), err)
	}
	out := hits[:better]
	for _, id := range tied[:min(len(tied), limit-better)] {
		out = append(out, Scored{ID: id, Score: cut})
	}
	return out, nil
}

// bestRows reads the limit best sections as BestRows does, ties in the
// order SQLite finds them.
func bestRows(ctx context.Context, q store.Querier, i Index, expr string, headingWeight float64, limit int) ([]Scored, error) {
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

// TiedByPlace orders the sections ids by their document's file path, then
// by their order in it (ids of sections gone are dropped): the order of
// sections a fresh index of the same files numbers in.
func TiedByPlace(ctx context.Context, q store.Querier, ids []int64) ([]int64, error) {
	type place struct {
		id   int64
		path string
		ord  int
	}
	places := make([]place, 0, len(ids))
	err := sqlbatch.QueryIDs(ctx, q, ids, `SELECT s.id, d.filepath, s.ord FROM sections AS s
		JOIN documents AS d ON d.id = s.document_id WHERE s.id IN (%s)`, func(rows *sql.Rows) error {
		var p place
		if err := rows.Scan(&p.id, &p.path, &p.ord); err != nil {
			return err
		}
		places = append(places, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the places of %d sections: %w", len(ids), err)
	}
	slices.SortFunc(places, func(a, b place) int {
		return cmp.Or(strings.Compare(a.path, b.path), cmp.Compare(a.ord, b.ord), cmp.Compare(a.id, b.id))
	})
	out := make([]int64, len(places))
	for i, p := range places {
		out[i] = p.id
	}
	return out, nil
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
