package vecstore

import (
	"context"
	"fmt"
	"math"
	"slices"
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
	var out []Match
	if len(cs) > 0 {
		out, err = nearestInCells(ctx, q, query, k, cs.probe(query, ProbeCells))
	} else {
		out, _, err = knn(ctx, q, query, k, nil)
	}
	if err != nil {
		return nil, fmt.Errorf("nearest sections: %w", err)
	}
	return best(out, k), nil
}

// best sorts ms by similarity, equal ones in section id order (so answers
// are deterministic), and keeps the first k.
func best(ms []Match, k int) []Match {
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].Similarity != ms[j].Similarity {
			return ms[i].Similarity > ms[j].Similarity
		}
		return ms[i].SectionID < ms[j].SectionID
	})
	if len(ms) > k {
		ms = ms[:k]
	}
	return ms
}

// firstPassShare: nearestInCells first asks each probed cell for its
// k / firstPassShare nearest vectors (rounded up).
const firstPassShare = 5

// nearestInCells is the k nearest vectors in the probed cells: the same
// answer as asking each cell for its k nearest, in two passes. sqlite-vec
// picks a cell's k nearest by k scans of its distances, so asking 24 cells
// for 100 each cost three to four times asking them for one. The first pass
// asks every cell for a fifth of k; then only the cells that may hold more
// of the k nearest are asked for k: those that returned all they were asked
// for, the last of them at least as near as the k-th nearest found so far.
// A cell left out has nothing nearer than that k-th vector beyond what it
// returned, and k vectors at least as near are already found, so the answer
// is the same. Near vectors share cells, so one or two cells are usually
// asked again (1.6 on average for section vectors as queries at 10,000
// documents, k = 100, where a fifth halved the time and a twentieth, asking
// 17 cells again, saved nothing).
func nearestInCells(ctx context.Context, q Querier, query []float32, k int, probed []int64) ([]Match, error) {
	share := (k + firstPassShare - 1) / firstPassShare
	if share >= k {
		ms, _, err := knn(ctx, q, query, k, probed)
		return ms, err
	}
	first, cellOf, err := knn(ctx, q, query, share, probed)
	if err != nil {
		return nil, err
	}
	kth := math.Inf(-1)
	if len(first) >= k {
		kth = best(slices.Clone(first), k)[k-1].Similarity
	}
	returned := map[int64]int{}
	farthest := map[int64]float64{}
	for i, m := range first {
		c := cellOf[i]
		returned[c]++
		if f, ok := farthest[c]; !ok || m.Similarity < f {
			farthest[c] = m.Similarity
		}
	}
	var again []int64
	for _, c := range probed {
		if returned[c] == share && farthest[c] >= kth {
			again = append(again, c)
		}
	}
	if len(again) == 0 {
		return first, nil
	}
	more, _, err := knn(ctx, q, query, k, again)
	if err != nil {
		return nil, err
	}
	out := more
	for i, m := range first {
		if !slices.Contains(again, cellOf[i]) {
			out = append(out, m)
		}
	}
	return out, nil
}

// knn asks the vec0 table for the k nearest vectors to query: of the whole
// table when cells is empty, else of each of the cells, and returns the
// cell of each match (0 when asked without cells).
//
// sqlite-vec answers a partition key constraint cell by cell, one search
// of the cell's chunks per value. The cells are the rows of a VALUES list
// joined to the table (CROSS JOIN keeps the list the outer loop, so each
// cell is one such search) rather than `cell IN (...)` with the cell read
// back from the table: sqlite-vec reads a match's partition key with a
// lookup of its rowid and a query it prepares anew each time, once for
// each of the 480 matches of a search's first pass (24 cells × 20): the
// nearest-section query at 10,000 documents took a fifth more CPU so.
// The matches are the same (TestKNNCellsAsPartitionIn).
func knn(ctx context.Context, q Querier, query []float32, k int, cells []int64) ([]Match, []int64, error) {
	// A table made before cells (migration 0011) has no cell column; it
	// is asked without cells.
	sqlText := `SELECT rowid, distance, 0 FROM ` + vecTable + ` WHERE embedding MATCH ? AND k = ?`
	args := []any{encodeVector(query), k}
	if len(cells) > 0 {
		sqlText = `WITH probed(cell) AS (VALUES (?)` + strings.Repeat(`, (?)`, len(cells)-1) + `)
			SELECT v.rowid, v.distance, probed.cell FROM probed CROSS JOIN ` + vecTable + ` v
			WHERE v.embedding MATCH ? AND v.k = ? AND v.cell = probed.cell`
		args = make([]any, 0, len(cells)+2)
		for _, c := range cells {
			args = append(args, c)
		}
		args = append(args, encodeVector(query), k)
	}
	rows, err := q.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var (
		out    []Match
		cellOf []int64
	)
	for rows.Next() {
		var (
			m    Match
			dist float64
			cell int64
		)
		if err := rows.Scan(&m.SectionID, &dist, &cell); err != nil {
			return nil, nil, err
		}
		m.Similarity = 1 - dist
		m.Score = m.Similarity
		out = append(out, m)
		cellOf = append(cellOf, cell)
	}
	return out, cellOf, rows.Err()
}
