package vecstore

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/ubp-dev/ubp/engine/answer"
)

// Cells split a large index so that a search reads a few cells of vectors
// instead of all of them (an inverted file): spherical k-means groups the
// vectors into cells of about cellSize, vector_cells keeps each cell's
// centroid, and the vec0 table holds every vector under its cell as a
// partition key. Nearest compares the query with the centroids and reads
// the vectors of the ProbeCells nearest cells, so its cost follows the cell
// size and the number of cells probed, not the corpus.
//
// Below CellThreshold vectors there are no centroids and one cell (0): the
// search is exact. The cells are trained when the index is rewritten
// (Reproject), which CellsDue asks for once an index without cells passes
// the threshold or the vectors have doubled since the last training; in
// between, Put files each new vector under its nearest centroid.
const (
	// CellThreshold is the number of vectors from which the index has cells.
	CellThreshold = 20000
	// cellSize is the mean number of vectors a cell is trained to hold: one
	// sqlite-vec chunk (1,024 vectors), so a probe reads whole chunks.
	cellSize = 1024
	// ProbeCells is how many cells a search reads.
	ProbeCells = 24
	// trainPerCell is how many sampled vectors per cell k-means learns from,
	// and trainRounds its number of rounds.
	trainPerCell = 64
	trainRounds  = 8
)

// cellCount is the number of cells for n vectors.
func cellCount(n int) int {
	return max(1, (n+cellSize-1)/cellSize)
}

// cells are the unit centroids of an index; none means one cell, 0.
type cells [][]float32

// unit returns v scaled to length 1, or nil for a zero vector.
func unit(v []float32) []float32 {
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	if n == 0 {
		return nil
	}
	inv := float32(1 / math.Sqrt(n))
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = x * inv
	}
	return out
}

// dot is the inner product of a and b (b at least as long as a). Four
// running sums instead of one let the additions overlap instead of each
// waiting for the last: assigning 64,015 vectors of 100 dimensions to 63
// cells, most of a full index's cell training at 10,000 documents, took
// 110 ns a product with one sum.
func dot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// nearest is the cell whose centroid is closest to v (any length).
func (c cells) nearest(v []float32) int64 {
	best, bestDot := 0, float32(math.Inf(-1))
	for i, cen := range c {
		if d := dot(cen, v); d > bestDot {
			best, bestDot = i, d
		}
	}
	return int64(best)
}

// probe returns the n cells whose centroids are closest to q, nearest
// first.
func (c cells) probe(q []float32, n int) []int64 {
	type scored struct {
		cell int64
		dot  float32
	}
	all := make([]scored, len(c))
	for i, cen := range c {
		all[i] = scored{int64(i), dot(cen, q)}
	}
	slices.SortFunc(all, func(a, b scored) int {
		if a.dot != b.dot {
			if a.dot > b.dot {
				return -1
			}
			return 1
		}
		return int(a.cell - b.cell)
	})
	out := make([]int64, 0, min(n, len(all)))
	for _, s := range all[:min(n, len(all))] {
		out = append(out, s.cell)
	}
	return out
}

// trainCells learns k unit centroids from sample (unit vectors) by
// spherical k-means. It is deterministic: k-means++ seeding from a fixed
// random source, and a cell left empty takes the sample vector farthest
// from its own centroid.
func trainCells(sample [][]float32, k int) cells {
	k = min(k, len(sample))
	if k < 2 {
		return nil
	}
	dims := len(sample[0])
	cen := seedCells(sample, k)
	fit := make([]float32, len(sample))
	sums := make([][]float64, k)
	for i := range sums {
		sums[i] = make([]float64, dims)
	}
	counts := make([]int, k)
	for range trainRounds {
		for i := range sums {
			clear(sums[i])
			counts[i] = 0
		}
		for j, v := range sample {
			c := int(cen.nearest(v))
			fit[j] = dot(cen[c], v)
			counts[c]++
			for d, x := range v {
				sums[c][d] += float64(x)
			}
		}
		taken := map[int]bool{}
		for i := range cen {
			if counts[i] == 0 {
				cen[i] = slices.Clone(sample[farthest(fit, taken)])
				continue
			}
			v := make([]float32, dims)
			for d, x := range sums[i] {
				v[d] = float32(x)
			}
			if u := unit(v); u != nil {
				cen[i] = u
			}
		}
	}
	return cen
}

// seedCells picks k first centroids from sample by k-means++: each next
// one is drawn with odds proportional to the square of its distance
// (1 − cosine) to the nearest centroid chosen so far, from a fixed random
// source.
func seedCells(sample [][]float32, k int) cells {
	r := rand.New(rand.NewPCG(0x5eed, uint64(len(sample)))) //nolint:gosec // a seeded generator, so that the same vectors train the same cells; not for secrets
	cen := cells{slices.Clone(sample[r.IntN(len(sample))])}
	dist := make([]float64, len(sample))
	for j, v := range sample {
		dist[j] = sq(math.Max(0, 1-float64(dot(cen[0], v))))
	}
	for len(cen) < k {
		var total float64
		for _, d := range dist {
			total += d
		}
		pick := r.IntN(len(sample))
		if total > 0 {
			x := r.Float64() * total
			for j, d := range dist {
				if x -= d; x <= 0 {
					pick = j
					break
				}
			}
		}
		c := slices.Clone(sample[pick])
		cen = append(cen, c)
		for j, v := range sample {
			dist[j] = math.Min(dist[j], sq(math.Max(0, 1-float64(dot(c, v)))))
		}
	}
	return cen
}

func sq(x float64) float64 { return x * x }

// farthest is the sample vector least like its centroid that no empty
// cell has taken yet.
func farthest(fit []float32, taken map[int]bool) int {
	best := -1
	for j, f := range fit {
		if !taken[j] && (best < 0 || f < fit[best]) {
			best = j
		}
	}
	taken[best] = true
	return best
}

// readCells returns the stored centroids in cell order (none: one cell).
func readCells(ctx context.Context, q Querier, dims int) (cells, error) {
	rows, err := q.QueryContext(ctx, `SELECT cell, centroid FROM vector_cells ORDER BY cell`)
	if err != nil {
		return nil, fmt.Errorf("read vector cells: %w", err)
	}
	defer rows.Close()
	var out cells
	for rows.Next() {
		var (
			cell int64
			blob []byte
		)
		if err := rows.Scan(&cell, &blob); err != nil {
			return nil, fmt.Errorf("read vector cells: %w", err)
		}
		if cell != int64(len(out)) {
			return nil, answer.WithRemedy(fmt.Errorf("read vector cells: cell %d follows %d cells", cell, len(out)), answer.RemedyRebuild)
		}
		v, err := decodeVector(blob, dims)
		if err != nil {
			return nil, answer.WithRemedy(fmt.Errorf("read vector cells: cell %d: %w", cell, err), answer.RemedyRebuild)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read vector cells: %w", err)
	}
	return out, nil
}

// writeCells replaces the stored centroids.
func writeCells(ctx context.Context, x Execer, c cells) error {
	if _, err := x.ExecContext(ctx, `DELETE FROM vector_cells`); err != nil {
		return fmt.Errorf("store vector cells: %w", err)
	}
	for i, v := range c {
		if _, err := x.ExecContext(ctx, `INSERT INTO vector_cells(cell, centroid) VALUES (?, ?)`, i, encodeVector(v)); err != nil {
			return fmt.Errorf("store vector cells: cell %d: %w", i, err)
		}
	}
	return nil
}

// CellsDue reports whether the index should be rewritten (Reproject) to
// train its cells: it has none and has passed CellThreshold vectors, its
// vectors have doubled since the cells were trained, or its table predates
// cells.
func CellsDue(ctx context.Context, q Querier) (bool, error) {
	s, ok, err := ReadState(ctx, q)
	if err != nil || !ok {
		return false, err
	}
	if !s.Cells {
		return true, nil
	}
	var basis, pending, n int
	if err := q.QueryRowContext(ctx, `SELECT cell_basis, cell_pending, (SELECT count(*) FROM vector_cells)
		FROM vector_index WHERE id = 1`).Scan(&basis, &pending, &n); err != nil {
		return false, fmt.Errorf("read vector cells: %w", err)
	}
	if n == 0 {
		return basis+pending >= CellThreshold, nil
	}
	return pending >= max(basis, CellThreshold), nil
}
