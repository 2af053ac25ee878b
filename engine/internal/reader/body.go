package reader

import (
	"context"

	"github.com/ubp-dev/ubp/engine/internal/docbody"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
)

// Body reads the Markdown body of document id (see package docbody).
func Body(ctx context.Context, q store.Querier, id int64) (string, error) {
	stored, kind, err := pageread.StoredBody(ctx, q, id)
	if err != nil {
		return "", err
	}
	if kind != docbody.KindSkeleton {
		return stored, nil
	}
	contents, err := pageread.SectionContents(ctx, q, id)
	if err != nil {
		return "", err
	}
	return docbody.Rebuild(stored, contents)
}
