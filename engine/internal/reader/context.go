package reader

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
)

// Center reads the page at the centre of a context: its ids, title and
// whole body. ref is how the caller named it, for errors.
func Center(ctx context.Context, q store.Querier, id int64, ref string) (answer.ContextCenter, error) {
	var c answer.ContextCenter
	var err error
	c.DocID, c.Filepath, c.Title, err = pageread.DocumentName(ctx, q, id)
	if err == nil {
		c.Content, err = Body(ctx, q, id)
	}
	if err != nil {
		return answer.ContextCenter{}, fmt.Errorf("read page %s: %w", ref, err)
	}
	return c, nil
}
