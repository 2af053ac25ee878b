package engine

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
	"github.com/ubp-dev/ubp/engine/internal/vecsearch"
)

// embedder returns the project's embedding provider, nil for "none". It
// is created once per engine on first use; the static model behind it is
// loaded once per process (engine/embed/static).
func (e *Engine) embedder() (embed.Provider, error) {
	e.embedMu.Lock()
	defer e.embedMu.Unlock()
	if e.embed != nil {
		return e.embed, nil
	}
	p, err := embed.New(e.Project().Config.Embedding, e.getenv)
	if err != nil {
		return nil, fmt.Errorf("embedding: %w", err)
	}
	e.embed = p
	return p, nil
}

// EmbedQuery embeds a search query for NearestSections: the provider's
// vector with the corpus' common component removed, unit length. vec is
// nil (and err nil) when there is nothing to compare it with: provider
// "none", a query the model cannot embed (hiragana only on the static model),
// or an index without vectors of this model. model is the provider's model
// id ("" for none). Errors are the provider's (an unreachable server);
// callers may fall back to other signals.
func (e *Engine) EmbedQuery(ctx context.Context, text string) (vec []float32, model string, err error) {
	p, err := e.embedder()
	if err != nil || p == nil {
		return nil, "", err
	}
	return vecsearch.QueryVector(ctx, e.rdb, p, text)
}

// SectionPaths maps section ids (from NearestSections) to the file paths of
// their documents; ids no longer in the index are left out.
func (e *Engine) SectionPaths(ctx context.Context, ids []int64) (_ map[int64]string, err error) {
	defer e.explainDamage(&err)
	out := make(map[int64]string, len(ids))
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		docs, err := sectionrows.Documents(ctx, tx, ids)
		if err != nil {
			return err
		}
		docIDs := make([]int64, 0, len(docs))
		for _, d := range docs {
			docIDs = append(docIDs, d)
		}
		meta, err := docmeta.Load(ctx, tx, docIDs)
		if err != nil {
			return err
		}
		for id, d := range docs {
			if m := meta[d]; m != nil {
				out[id] = m.Filepath
			}
		}
		return nil
	})
	return out, err
}

// NearestSections returns up to k sections most similar to vec (from
// EmbedQuery), most similar first (Score is the cosine similarity); none
// when the index holds no vectors of the current model.
func (e *Engine) NearestSections(ctx context.Context, vec []float32, k int) (_ []vecstore.Match, err error) {
	defer e.explainDamage(&err)
	p, err := e.embedder()
	if err != nil || p == nil || vec == nil {
		return nil, err
	}
	return vecsearch.Nearest(ctx, e.rdb, p.ModelID(), vec, k)
}
