package vecstore

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
)

// Match is a section found by Nearest.
type Match struct {
	SectionID int64
	// Similarity is the cosine similarity to the query, -1..1.
	Similarity float64
	// Score is the score search ranks by; Nearest sets it to Similarity.
	Score float64
}

// MaxK is the largest k sqlite-vec answers.
const MaxK = 4096

// Nearest returns up to k sections whose vectors are closest to query
// (cosine), most similar first. query must come from model, with the
// common component already removed (Component); it returns ErrNoIndex when
// the index does not hold model, so vectors of different models are never
// compared.
func Nearest(ctx context.Context, q Querier, model string, query []float32, k int) ([]Match, error) {
	s, err := stateFor(ctx, q, model)
	if err != nil {
		return nil, err
	}
	if len(query) != s.Dims {
		return nil, fmt.Errorf("nearest sections: query vector has %d dimensions, the index for %q holds %d", len(query), model, s.Dims)
	}
	var norm float64
	for _, x := range query {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil, fmt.Errorf("nearest sections: query vector has a NaN or infinite component")
		}
		norm += float64(x) * float64(x)
	}
	if norm == 0 {
		return nil, fmt.Errorf("nearest sections: query vector is zero")
	}
	if k < 1 {
		return nil, fmt.Errorf("nearest sections: k is %d, want at least 1", k)
	}
	k = min(k, MaxK)
	var cs cells
	if s.Cells {
		if cs, err = readCells(ctx, q, s.Dims); err != nil {
			return nil, fmt.Errorf("nearest sections: %w", err)
		}
	}
	sqlText := `SELECT rowid, distance FROM ` + vecTable + ` WHERE embedding MATCH ? AND k = ?`
	args := []any{encodeVector(query), k}
	if len(cs) > 0 {
		// Each probed cell answers its own k nearest; the best k of
		// them are kept below.
		probed := cs.probe(query, ProbeCells)
		sqlText += ` AND cell IN (?` + strings.Repeat(`, ?`, len(probed)-1) + `)`
		for _, c := range probed {
			args = append(args, c)
		}
	}
	rows, err := q.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return nil, fmt.Errorf("nearest sections: %w", err)
	}
	defer rows.Close()
	var out []Match
	for rows.Next() {
		var (
			m    Match
			dist float64
		)
		if err := rows.Scan(&m.SectionID, &dist); err != nil {
			return nil, fmt.Errorf("nearest sections: %w", err)
		}
		m.Similarity = 1 - dist
		m.Score = m.Similarity
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("nearest sections: %w", err)
	}
	// Equal distances in section id order, so answers are deterministic.
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Similarity != out[j].Similarity {
			return out[i].Similarity > out[j].Similarity
		}
		return out[i].SectionID < out[j].SectionID
	})
	if len(out) > k {
		out = out[:k]
	}
	return out, nil
}
