package engine

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/params"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
	"github.com/ubp-dev/ubp/engine/internal/suggest"
)

// Bounds of SuggestLinks.
const (
	defaultSuggestMinScore = 0.75
)

// SuggestLinks proposes links: pairs of sections of different documents
// that are similar while their documents are not linked in either
// direction. Similarity is the cosine of the sections' embedding vectors;
// without vectors (provider "none", or nothing embedded yet) it is the
// cosine of TF-IDF weighted keywords (see query.Keywords). Each pair of
// documents is suggested once, by its most similar sections, best first.
func (e *Engine) SuggestLinks(ctx context.Context, opts SuggestOptions) (_ []LinkSuggestion, err error) {
	defer e.explainDamage(&err)
	minScore, err := params.MinScore(opts.MinScore, defaultSuggestMinScore)
	if err != nil {
		return nil, err
	}
	limit, err := params.Limit(opts.Limit, 0, DefaultSuggestLimit, MaxSuggestLimit)
	if err != nil {
		return nil, err
	}
	g, err := e.LoadGraph(ctx)
	if err != nil {
		return nil, fmt.Errorf("load link graph: %w", err)
	}
	var out []LinkSuggestion
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		docs, err := sectionrows.AllDocuments(ctx, tx)
		if err != nil {
			return err
		}
		pairs, err := suggest.Pairs(ctx, tx, docs, minScore, e.Project().Config.Embedding.Provider != "none", suggest.Answer{Limit: limit, Linked: suggest.LinkedIn(g)})
		if err != nil {
			return err
		}
		out, err = suggest.Pick(ctx, tx, pairs, docs, g, limit)
		if err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
