package vecstore

import (
	"context"

	"github.com/ubp-dev/ubp/engine/embed"
)

// CommonComponent is the common component of model's raw vectors (as
// embed.CommonComponent computes it) and how many vectors it was computed
// from. It reads the vectors a page at a time into embed.ComponentSums
// and holds none of them, so its memory does not grow with the corpus.
func CommonComponent(ctx context.Context, q Querier, model string) (pc []float32, n int, err error) {
	var sums embed.ComponentSums
	err = eachRawOf(ctx, q, model, func(v []float32) {
		sums.Add(v)
		n++
	})
	if err != nil {
		return nil, 0, err
	}
	return sums.Component(), n, nil
}
