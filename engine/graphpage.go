package engine

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/graphview"
)

// graphPage answers GetGraph for one page of the whole graph: the
// documents from Offset to Offset+Limit in file path order, the edges that
// start at them (of LinkTypes, when set) and, with Dangling, the dangling
// targets they link to (see graphview.Page).
func (e *Engine) graphPage(ctx context.Context, opts GraphOptions) (GraphResult, error) {
	if err := graphview.CheckPage(opts); err != nil {
		return GraphResult{}, err
	}
	g, err := e.LoadGraph(ctx)
	if err != nil {
		return GraphResult{}, fmt.Errorf("load link graph: %w", err)
	}
	var res GraphResult
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		meta, err := e.docs.All(ctx, tx) // cached between index changes
		if err != nil {
			return err
		}
		res, err = graphview.Page(ctx, tx, g, meta, opts.Limit, opts.Offset, opts.Dangling, opts.LinkTypes)
		return err
	})
	if err != nil {
		return GraphResult{}, err
	}
	return res, nil
}
