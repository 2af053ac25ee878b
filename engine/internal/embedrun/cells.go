package embedrun

import (
	"context"
	"database/sql"

	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// refreshCells rewrites the vector index when its cells are due
// (vecstore.CellsDue: an index that passed the cell threshold, or whose
// vectors doubled since its cells were trained). Like the common
// component, this is rare: the cost of one rewrite is spread over as many
// new vectors as the index held.
func (r *run) refreshCells(ctx context.Context) error {
	due, err := vecstore.CellsDue(ctx, r.db)
	if err != nil || !due {
		return err
	}
	return r.withTx(ctx, func(tx *sql.Tx) error { return vecstore.Reproject(ctx, tx) })
}

// indexUnprojected reprojects the vector index when it holds fewer rows
// than there are raw vectors of model.
func (r *run) indexUnprojected(ctx context.Context, model string) error {
	raw, err := vecstore.Count(ctx, r.db, model)
	if err != nil {
		return err
	}
	indexed, err := vecstore.Indexed(ctx, r.db)
	if err != nil || indexed == raw {
		return err
	}
	return r.withTx(ctx, func(tx *sql.Tx) error { return vecstore.Reproject(ctx, tx) })
}
