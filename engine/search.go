package engine

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/fulltext"
	"github.com/ubp-dev/ubp/engine/internal/latentsearch"
	"github.com/ubp-dev/ubp/engine/internal/params"
	"github.com/ubp-dev/ubp/engine/internal/search"
	"github.com/ubp-dev/ubp/engine/internal/vecsearch"
	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/ranking"
)

// Search finds documents by meaning, keywords and links.
//
// Candidates are the documents of the top vectorPool sections by vector
// similarity (the same number whatever the limit, so a smaller limit shows
// the first results of a larger one), every document with
// a full-text match (the same matching and scoring as FulltextSearch), and
// the graph neighbourhood (depth hops, both directions, only links of
// LinkTypes) of the best of those. Each signal is
// put on 0..1 and fused by ranking.Fuse, or by
// reciprocal-rank fusion with Fusion "rrf". Without a query vector (provider
// "none", no vectors yet, or a query the model cannot embed, such as
// hiragana only on the static model) the search runs full text and
// graph and reports search_type "fulltext_fallback"; Fulltext runs full text
// only ("fulltext"). DocType filters before the limit, and TotalFound counts
// the candidates with content evidence (see SearchResult; a lower bound when
// TotalFoundLowerBound says so). A query of at
// least ranking.LatentMinConcepts concepts also has the latent signal
// (weighted fusion only): full text's best documents re-scored in a space
// learned from the corpus (see latentSignal).
//
// The signals, their fusion and the hits are engine/internal/search's;
// the engine checks the parameters and runs them in one read transaction,
// with the staleness of the hits shown. The vector signal (the query's
// embedding and its nearest sections) is found on another connection at
// the same time as the full-text signal: neither needs the other, and at
// 10,000 documents each takes a third of a search.
func (e *Engine) Search(ctx context.Context, opts SearchOptions) (_ SearchResult, err error) {
	defer e.explainDamage(&err)
	if err := params.Query(opts.Query); err != nil {
		return SearchResult{}, err
	}
	p := e.Project() // one configuration for the whole search
	cfg := p.Config.Search
	limit, err := params.Limit(opts.Limit, cfg.DefaultLimit, DefaultSearchLimit, MaxSearchLimit)
	if err != nil {
		return SearchResult{}, err
	}
	depth, err := params.Depth(opts.Depth, DefaultSearchDepth, MaxSearchDepth)
	if err != nil {
		return SearchResult{}, err
	}
	if err := params.DocType(opts.DocType); err != nil {
		return SearchResult{}, err
	}
	if err := params.LinkTypes(opts.LinkTypes); err != nil {
		return SearchResult{}, err
	}
	fusion, err := params.Fusion(opts.Fusion, cfg.Fusion)
	if err != nil {
		return SearchResult{}, err
	}
	q, err := fulltext.ParseQuery(opts.Query, cfg.Translate)
	if err != nil {
		return SearchResult{}, err
	}
	run := search.New(search.Sources{Fulltext: &e.matcher, Docs: &e.docs, Links: &e.links, Summary: docSummary}, search.Request{
		Options: opts, Limit: limit, Depth: depth, Fusion: fusion,
		Weights: searchWeights(cfg), RRFK: cfg.RRFK, Query: q,
	})
	var (
		vec     vecsearch.Evidence
		vecErr  error
		vecDone = make(chan struct{})
	)
	if opts.Fulltext {
		close(vecDone)
	} else {
		go func() {
			defer close(vecDone)
			vec, vecErr = e.vectorSignal(ctx, opts.Query, vectorPool)
		}()
	}
	var res SearchResult
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		ftErr := run.Fulltext(ctx, tx)
		<-vecDone
		if ftErr != nil {
			return ftErr
		}
		if vecErr != nil {
			return vecErr
		}
		if !opts.Fulltext {
			if err := run.AddVector(ctx, tx, vec); err != nil {
				return err
			}
			if fusion != params.FusionRRF {
				if err := e.latentSignal(ctx, tx, run, q, cfg.LatentWeight); err != nil {
					return err
				}
			}
			if err := run.Graph(ctx, tx); err != nil {
				return err
			}
		}
		run.Fuse()
		levels, err := e.hitStaleness(ctx, p, run.Shown())
		if err != nil {
			return err
		}
		res, err = run.Answer(ctx, tx, levels)
		return err
	})
	<-vecDone // a transaction that failed to begin did not wait
	res.QueryCut = q.Cut
	return res, err
}

// FulltextSearch finds sections by keyword. The query is split into terms
// (see package query: Japanese is segmented by script, particles dropped,
// long kanji compounds also matched by their 2-grams); terms of three or more
// characters use the FTS5 trigram index, shorter ones a scan. A
// section ranks by BM25 of its terms scaled by the share of query concepts
// it matches, times its document's title boost. Snippets mark matches as
// ⟦match⟧. TotalFound counts every matching section after the doc_type
// filter, or is a lower bound that TotalFoundLowerBound marks when a term
// is in more sections than full text reads of it (see Matcher.Sections).
// The matching and ranking are engine/internal/fulltext's.
func (e *Engine) FulltextSearch(ctx context.Context, opts FulltextOptions) (_ FulltextResult, err error) {
	defer e.explainDamage(&err)
	if err := params.Query(opts.Query); err != nil {
		return FulltextResult{}, err
	}
	cfg := e.Project().Config.Search // one configuration for the whole search
	limit, err := params.Limit(opts.Limit, cfg.DefaultLimit, DefaultSearchLimit, MaxSearchLimit)
	if err != nil {
		return FulltextResult{}, err
	}
	if err := params.DocType(opts.DocType); err != nil {
		return FulltextResult{}, err
	}
	q, err := fulltext.ParseQuery(opts.Query, cfg.Translate)
	if err != nil {
		return FulltextResult{}, err
	}
	var res FulltextResult
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		res, err = e.matcher.Sections(ctx, tx, q, limit, opts.DocType, &e.docs)
		return err
	})
	res.QueryCut = q.Cut
	return res, err
}

// searchWeights are the fusion weights: the configuration's vector and
// graph weights (full text always weighs 1).
func searchWeights(cfg SearchConfig) ranking.Weights {
	w := ranking.DefaultWeights
	w.Vector, w.Graph, w.Latent = cfg.VectorWeight, cfg.GraphWeight, cfg.LatentWeight
	return w
}

// latentSignal adds the latent signal to run when the query is long
// enough (ranking.LatentApplies) and its weight is not 0: full text's
// best documents re-scored in the space learned from the corpus (see
// latentsearch.Scores).
func (e *Engine) latentSignal(ctx context.Context, tx *sql.Tx, run *search.Run, q query.Query, weight float64) error {
	if weight <= 0 || !ranking.LatentApplies(len(q.Groups)) {
		return nil
	}
	scores, err := latentsearch.Scores(ctx, tx, q.Text, run.FulltextBest(latentsearch.Candidates))
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	return run.AddLatent(ctx, tx, scores)
}

// vectorSignal is the vector signal of a search for text: its nearest k
// sections by the project's provider (see vecsearch.Signal). A provider
// that cannot be made leaves the signal out, as its errors do.
func (e *Engine) vectorSignal(ctx context.Context, text string, k int) (vecsearch.Evidence, error) {
	p, err := e.embedder()
	if err != nil {
		return vecsearch.Evidence{}, ctx.Err()
	}
	return vecsearch.Signal(ctx, p, e.rdb, e.db, text, k)
}

// hitStaleness is the staleness of the documents ids as the snapshot says
// it under p's configuration, for the hits of a search: with the source
// refs that changed of those not fresh, from the same read (a stale hit's
// page is not read for them).
func (e *Engine) hitStaleness(ctx context.Context, p *Project, ids []int64) (map[int64]search.Staleness, error) {
	levels, err := e.currentStaleness(ctx, p, ids)
	if err != nil {
		return nil, fmt.Errorf("staleness of the results: %w", err)
	}
	out := make(map[int64]search.Staleness, len(levels))
	for id, l := range levels {
		s := search.Staleness{Level: l.level, Reason: l.reason}
		if l.level == stale.Stale || l.level == stale.PossiblyStale {
			for _, r := range l.refs {
				if r.Changed {
					s.ChangedRefs = append(s.ChangedRefs, r)
				}
			}
		}
		out[id] = s
	}
	return out, nil
}

// vectorPool is how many nearest sections the vector signal reads: ten per
// result of the default limit, whatever the limit asked. The vector scores
// are scaled over that pool, so a pool that followed the limit gave a
// search with limit 1 another best page, other scores and another
// total_found than the first of the same search with limit 10, and one
// with limit 50 (a pool of 500) reordered the first ten. A larger pool for
// every search was measured and not kept: 500 lowered ja-docs 0.900 to
// 0.883 and en-docs 0.860 to 0.853 (scaled over more sections, the
// vector's scores of the best ones drew closer).
const vectorPool = DefaultSearchLimit * 10
