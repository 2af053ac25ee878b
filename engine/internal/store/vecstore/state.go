package vecstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
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
// component) with the vectors indexed in it (their sections are pending
// again), creates it anew for dims, filled from the raw vectors staged for
// model, and reports rebuilt=true. Run it in a transaction.
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
	// Indexed vectors live in the table dropped next (raw.go): forget their
	// rows, so that their sections are embedded again.
	if _, err := x.ExecContext(ctx, `DROP TRIGGER IF EXISTS `+vecTrigger); err != nil {
		return false, fmt.Errorf("vector index: forget the vectors of the dropped table: %w", err)
	}
	if _, err := x.ExecContext(ctx, `DELETE FROM section_embeddings WHERE dims > 0 AND length(vector) = 0
		AND section_id NOT IN (SELECT section_id FROM staged_vectors)`); err != nil {
		return false, fmt.Errorf("vector index: forget the vectors of the dropped table: %w", err)
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
	if _, err := x.ExecContext(ctx, `DELETE FROM staged_vectors WHERE section_id NOT IN (SELECT section_id FROM section_embeddings)`); err != nil {
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
	// The indexed vectors are read back with the component they were
	// projected with (s.Component), before the new one replaces it.
	if err := stageIndexed(ctx, x, s); err != nil {
		return err
	}
	if _, err := x.ExecContext(ctx, `UPDATE vector_index SET component = ? WHERE id = 1`, blob); err != nil {
		return fmt.Errorf("vector index: store component: %w", err)
	}
	s.Component = pc
	return rewrite(ctx, x, s)
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
	if err := stageIndexed(ctx, x, s); err != nil {
		return err
	}
	return rewrite(ctx, x, s)
}
