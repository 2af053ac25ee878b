package vecsearch

import (
	"context"
	"errors"
	"fmt"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// QueryVector embeds a search query with p for Nearest: the provider's
// vector with the corpus' common component (read through rdb) removed,
// unit length. vec is nil (and err nil) when there is nothing to compare
// it with: a query the model cannot embed (hiragana only on the static
// model), or an index without vectors of this model. model is p's model
// id. Errors are the provider's (an unreachable server); callers may fall
// back to other signals.
func QueryVector(ctx context.Context, rdb store.Querier, p embed.Provider, text string) (vec []float32, model string, err error) {
	model = p.ModelID()
	pc, err := vecstore.Component(ctx, rdb, model)
	if errors.Is(err, vecstore.ErrNoIndex) {
		return nil, model, nil
	}
	if err != nil {
		return nil, model, err
	}
	v, err := p.EmbedQuery(ctx, text)
	if err != nil {
		return nil, model, fmt.Errorf("embed query: %w", err)
	}
	if v == nil {
		return nil, model, nil
	}
	if pc != nil && len(pc) != len(v) {
		return nil, model, nil // the index was built at other dimensions
	}
	return embed.RemoveComponent(v, pc), model, nil
}

// Nearest returns up to k sections most similar to vec (from
// QueryVector), most similar first (Score is the cosine similarity); none
// when the index holds no vectors of model.
func Nearest(ctx context.Context, rdb store.Querier, model string, vec []float32, k int) ([]vecstore.Match, error) {
	// sqlite-vec queries run to their end (see the package comment): a
	// cancelled search stops after them, not inside them.
	dbctx := context.WithoutCancel(ctx)
	ms, err := vecstore.Nearest(dbctx, rdb, model, vec, k)
	if errors.Is(err, vecstore.ErrNoIndex) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return ms, nil
}
