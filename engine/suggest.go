package engine

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/params"
	"github.com/ubp-dev/ubp/engine/internal/sectionrows"
	"github.com/ubp-dev/ubp/graph"
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
func (e *Engine) SuggestLinks(ctx context.Context, opts SuggestOptions) ([]LinkSuggestion, error) {
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
		secs, err := sectionrows.All(ctx, tx)
		if err != nil {
			return err
		}
		pairs, err := e.similarSectionPairs(ctx, tx, secs, minScore)
		if err != nil {
			return err
		}
		meta, err := e.docs.All(ctx, tx)
		if err != nil {
			return err
		}
		out = pickSuggestions(pairs, secs, meta, g, limit)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// sectionPair is two similar sections (A < B by id).
type sectionPair struct {
	A, B  int64
	Score float64
}

// similarSectionPairs finds section pairs of different documents with a
// similarity of at least minScore.
func (e *Engine) similarSectionPairs(ctx context.Context, tx querier, secs map[int64]*sectionrows.Row, minScore float64) ([]sectionPair, error) {
	pairs, ok, err := e.vectorSectionPairs(ctx, tx, secs, minScore)
	if err != nil || ok {
		return pairs, err
	}
	return keywordSectionPairs(secs, minScore), nil
}

// pickSuggestions keeps the best pair per unlinked document pair, best
// first (ties by paths), up to limit.
func pickSuggestions(pairs []sectionPair, secs map[int64]*sectionrows.Row, meta map[int64]*docmeta.Meta, g *graph.Graph, limit int) []LinkSuggestion {
	linked := func(a, b int64) bool {
		for _, e := range g.Out(a) {
			if e.To == b {
				return true
			}
		}
		for _, e := range g.In(a) {
			if e.From == b {
				return true
			}
		}
		return false
	}
	type docPair struct{ a, b int64 }
	best := map[docPair]sectionPair{}
	for _, p := range pairs {
		sa, sb := secs[p.A], secs[p.B]
		if sa == nil || sb == nil || sa.Doc == sb.Doc || meta[sa.Doc] == nil || meta[sb.Doc] == nil {
			continue
		}
		k := docPair{min(sa.Doc, sb.Doc), max(sa.Doc, sb.Doc)}
		if cur, ok := best[k]; ok && (cur.Score > p.Score || cur.Score == p.Score && cur.A < p.A) {
			continue
		}
		if linked(k.a, k.b) {
			continue
		}
		best[k] = p
	}
	out := []LinkSuggestion{}
	for _, p := range best {
		sa, sb := secs[p.A], secs[p.B]
		if meta[sa.Doc].Filepath > meta[sb.Doc].Filepath {
			sa, sb = sb, sa
		}
		out = append(out, LinkSuggestion{
			SourceFilepath: meta[sa.Doc].Filepath, SourceHeading: sa.HeadingPath, SourceLine: sa.StartLine,
			TargetFilepath: meta[sb.Doc].Filepath, TargetHeading: sb.HeadingPath, TargetLine: sb.StartLine,
			Score: answer.RoundScore(p.Score),
		})
	}
	slices.SortFunc(out, func(a, b LinkSuggestion) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.SourceFilepath, b.SourceFilepath),
			cmp.Compare(a.TargetFilepath, b.TargetFilepath), cmp.Compare(a.SourceLine, b.SourceLine))
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}
