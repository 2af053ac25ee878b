package vecstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
)

// State describes the vector index: the model and dimensions it holds and
// the common component removed from its vectors (nil for none).
type State struct {
	Model     string
	Dims      int
	Component []float32
	// Cells says the vec0 table files vectors under cells (a table written
	// before cells existed does not; CellsDue then asks for a rewrite).
	Cells bool
}

// maxDims bounds dimensions (sqlite-vec accepts up to 8192).
const maxDims = 8192

// ReadState returns the index state, and ok=false when no index exists.
func ReadState(ctx context.Context, q Querier) (State, bool, error) {
	var (
		s    State
		comp []byte
	)
	err := q.QueryRowContext(ctx, `SELECT model, dims, component FROM vector_index WHERE id = 1`).Scan(&s.Model, &s.Dims, &comp)
	if errors.Is(err, sql.ErrNoRows) {
		return State{}, false, nil
	}
	if err != nil {
		return State{}, false, fmt.Errorf("read vector index state: %w", err)
	}
	if comp != nil {
		if s.Component, err = decodeVector(comp, s.Dims); err != nil {
			return State{}, false, answer.WithRemedy(fmt.Errorf("read vector index state: component: %w", err), answer.RemedyIndexAgain)
		}
	}
	var n, cells int
	if err := q.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(name = ? AND sql LIKE '%partition key%'), 0)
		FROM sqlite_master WHERE name IN (?, ?)`, vecTable, vecTable, vecTrigger).Scan(&n, &cells); err != nil {
		return State{}, false, fmt.Errorf("read vector index state: %w", err)
	}
	if n != 2 {
		return State{}, false, nil // state without its table or trigger: rebuild
	}
	s.Cells = cells == 1
	return s, true, nil
}

// stateFor returns the state when the index holds model, else ErrNoIndex.
func stateFor(ctx context.Context, q Querier, model string) (State, error) {
	s, ok, err := ReadState(ctx, q)
	if err != nil {
		return State{}, err
	}
	if !ok {
		return State{}, fmt.Errorf("%w: %q (nothing embedded yet)", ErrNoIndex, model)
	}
	if s.Model != model {
		return State{}, fmt.Errorf("%w: %q (the index holds %q)", ErrNoIndex, model, s.Model)
	}
	return s, nil
}

// Component returns the common component stored for model, nil when none
// is, or ErrNoIndex when the index does not hold model.
func Component(ctx context.Context, q Querier, model string) ([]float32, error) {
	s, err := stateFor(ctx, q, model)
	if err != nil {
		return nil, err
	}
	return s.Component, nil
}

// Ensure makes the vector index hold model's vectors of dims dimensions.
// When it already does, it only removes rows of sections that no longer
// exist. Otherwise it drops the vec0 table (and the old model's common
// component) and creates it anew for dims, filled from the raw vectors
// stored for model, and reports rebuilt=true. Run it in a transaction.
func Ensure(ctx context.Context, x Execer, model string, dims int) (rebuilt bool, err error) {
	if model == "" {
		return false, errors.New("vector index: empty model id")
	}
	if dims < 1 || dims > maxDims {
		return false, fmt.Errorf("vector index: model %q has %d dimensions, want 1..%d", model, dims, maxDims)
	}
	s, ok, err := ReadState(ctx, x)
	if err != nil {
		return false, err
	}
	if ok && s.Model == model && s.Dims == dims {
		return false, sweep(ctx, x, model, dims)
	}
	if err := createTable(ctx, x, dims); err != nil {
		return false, fmt.Errorf("vector index: create for model %q (%d dimensions): %w", model, dims, err)
	}
	if _, err := x.ExecContext(ctx, `INSERT INTO vector_index(id, model, dims, component) VALUES (1, ?, ?, NULL)
		ON CONFLICT(id) DO UPDATE SET model = excluded.model, dims = excluded.dims, component = NULL`, model, dims); err != nil {
		return false, fmt.Errorf("vector index: record model %q: %w", model, err)
	}
	if err := sweep(ctx, x, model, dims); err != nil {
		return false, err
	}
	if err := Reproject(ctx, x); err != nil {
		return false, err
	}
	return true, nil
}

// createTable (re)creates the empty vec0 table for dims and the trigger
// that deletes a section's row with its raw vector.
func createTable(ctx context.Context, x Execer, dims int) error {
	for _, stmt := range []string{
		`DROP TRIGGER IF EXISTS ` + vecTrigger,
		`DROP TABLE IF EXISTS ` + vecTable,
		fmt.Sprintf(`CREATE VIRTUAL TABLE %s USING vec0(cell integer partition key, embedding float[%d] distance_metric=cosine)`, vecTable, dims),
		`CREATE TRIGGER ` + vecTrigger + ` AFTER DELETE ON section_embeddings BEGIN
			DELETE FROM ` + vecTable + ` WHERE rowid = old.section_id;
		END`,
	} {
		if _, err := x.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	return nil
}

// sweep removes what a writer without foreign keys (or without sqlite-vec
// and the trigger) may have left: raw vectors of deleted sections, and
// vec0 rows without a raw vector of the index's model.
func sweep(ctx context.Context, x Execer, model string, dims int) error {
	if _, err := x.ExecContext(ctx, `DELETE FROM section_embeddings WHERE section_id NOT IN (SELECT id FROM sections)`); err != nil {
		return fmt.Errorf("vector index: remove vectors of deleted sections: %w", err)
	}
	if _, err := x.ExecContext(ctx, `DELETE FROM `+vecTable+` WHERE rowid NOT IN
		(SELECT section_id FROM section_embeddings WHERE model = ? AND dims = ?)`, model, dims); err != nil {
		return fmt.Errorf("vector index: remove vectors of deleted sections: %w", err)
	}
	return nil
}

// SetComponent stores pc (nil for none) as model's common component and
// reprojects the index with it. pc must have the index's dimensions.
func SetComponent(ctx context.Context, x Execer, model string, pc []float32) error {
	s, err := stateFor(ctx, x, model)
	if err != nil {
		return err
	}
	var blob []byte
	if pc != nil {
		if len(pc) != s.Dims {
			return fmt.Errorf("vector index: component of %d dimensions for model %q of %d", len(pc), model, s.Dims)
		}
		blob = encodeVector(pc)
	}
	if _, err := x.ExecContext(ctx, `UPDATE vector_index SET component = ? WHERE id = 1`, blob); err != nil {
		return fmt.Errorf("vector index: store component: %w", err)
	}
	return Reproject(ctx, x)
}

// Reproject rewrites the vec0 table from the raw vectors of the index's
// model, each minus the stored common component, and trains its cells
// anew (none below CellThreshold vectors).
func Reproject(ctx context.Context, x Execer) error {
	s, ok, err := ReadState(ctx, x)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("vector index: reproject: %w", ErrNoIndex)
	}
	n, err := Count(ctx, x, s.Model)
	if err != nil {
		return fmt.Errorf("vector index: reproject: %w", err)
	}
	var cs cells
	if n >= CellThreshold {
		k := cellCount(n)
		stride := max(1, n/(k*trainPerCell))
		sample := make([][]float32, 0, n/stride+1)
		i := 0
		if err := eachProjected(ctx, x, s, func(_ int64, p []float32) error {
			if i%stride == 0 {
				if u := unit(p); u != nil {
					sample = append(sample, u)
				}
			}
			i++
			return nil
		}); err != nil {
			return err
		}
		cs = trainCells(sample, k)
	}
	if err := writeCells(ctx, x, cs); err != nil {
		return fmt.Errorf("vector index: reproject: %w", err)
	}
	// A new table, not DELETE: vec0 does not reuse the slots of deleted
	// rows, so rewriting every row in place would double the table.
	if err := createTable(ctx, x, s.Dims); err != nil {
		return fmt.Errorf("vector index: reproject: %w", err)
	}
	ins, err := prepare(ctx, x, `INSERT INTO `+vecTable+`(rowid, cell, embedding) VALUES (?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("vector index: reproject: %w", err)
	}
	defer ins.close()
	insert := func(id, cell int64, p []float32) error {
		if _, err := ins.exec(ctx, id, cell, encodeVector(p)); err != nil {
			return fmt.Errorf("vector index: reproject: section %d: %w", id, err)
		}
		return nil
	}
	if len(cs) == 0 {
		if err := eachProjected(ctx, x, s, func(id int64, p []float32) error { return insert(id, 0, p) }); err != nil {
			return err
		}
	} else if err := insertByCell(ctx, x, s, cs, insert); err != nil {
		return err
	}
	if _, err := x.ExecContext(ctx, `UPDATE vector_index SET cell_basis = ?, cell_pending = 0 WHERE id = 1`, n); err != nil {
		return fmt.Errorf("vector index: reproject: %w", err)
	}
	return nil
}

// insertByCell inserts every vector cell after cell, so that each cell's
// sqlite-vec chunks fill one after another: in section order every insert
// touched another cell's chunk, and a 10,000-document index took four times
// as long to write. It first notes each vector's cell (16 bytes a vector),
// then reads the vectors of each cell back in batches of reprojectPage.
func insertByCell(ctx context.Context, x Execer, s State, cs cells, insert func(id, cell int64, p []float32) error) error {
	byCell := make([][]int64, len(cs))
	if err := eachProjected(ctx, x, s, func(id int64, p []float32) error {
		c := cs.nearest(p)
		byCell[c] = append(byCell[c], id)
		return nil
	}); err != nil {
		return err
	}
	type row struct {
		id  int64
		vec []float32
	}
	for cell, ids := range byCell {
		for start := 0; start < len(ids); start += reprojectPage {
			var page []row
			err := sqlbatch.QueryIDs(ctx, x, ids[start:min(start+reprojectPage, len(ids))],
				`SELECT section_id, vector FROM section_embeddings WHERE section_id IN (%s) ORDER BY section_id`, func(rows *sql.Rows) error {
					var (
						id   int64
						blob []byte
					)
					if err := rows.Scan(&id, &blob); err != nil {
						return err
					}
					v, err := decodeVector(blob, s.Dims)
					if err != nil {
						return fmt.Errorf("section %d: %w", id, err)
					}
					page = append(page, row{id, v})
					return nil
				})
			if err != nil {
				return fmt.Errorf("vector index: reproject: %w", err)
			}
			for _, r := range page {
				if p := embed.RemoveComponent(r.vec, s.Component); p != nil {
					if err := insert(r.id, int64(cell), p); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// eachProjected calls fn with every raw vector of the index's model minus
// its common component (skipping those with nothing left), in section id
// order. It reads reprojectPage vectors at a time, each page whole before
// fn sees its rows, so memory stays bounded whatever the corpus and fn may
// write.
func eachProjected(ctx context.Context, x Execer, s State, fn func(id int64, p []float32) error) error {
	type row struct {
		id  int64
		vec []float32
	}
	page := make([]row, 0, reprojectPage)
	for after := int64(-1 << 62); ; {
		page = page[:0]
		rows, err := x.QueryContext(ctx, `SELECT section_id, vector FROM section_embeddings
			WHERE model = ? AND dims = ? AND section_id > ? ORDER BY section_id LIMIT ?`, s.Model, s.Dims, after, reprojectPage)
		if err != nil {
			return fmt.Errorf("vector index: reproject: %w", err)
		}
		for rows.Next() {
			var (
				id   int64
				blob []byte
			)
			if err := rows.Scan(&id, &blob); err != nil {
				rows.Close()
				return fmt.Errorf("vector index: reproject: %w", err)
			}
			v, err := decodeVector(blob, s.Dims)
			if err != nil {
				rows.Close()
				return fmt.Errorf("vector index: reproject: section %d: %w", id, err)
			}
			page = append(page, row{id, v})
		}
		if err := rows.Close(); err != nil {
			return fmt.Errorf("vector index: reproject: %w", err)
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("vector index: reproject: %w", err)
		}
		for _, r := range page {
			if p := embed.RemoveComponent(r.vec, s.Component); p != nil {
				if err := fn(r.id, p); err != nil {
					return err
				}
			}
		}
		if len(page) < reprojectPage {
			return nil
		}
		after = page[len(page)-1].id
	}
}

// reprojectPage is how many vectors Reproject reads at a time.
const reprojectPage = 4096
