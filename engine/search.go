package engine

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/fulltext"
	"github.com/ubp-dev/ubp/engine/internal/linkwalk"
	"github.com/ubp-dev/ubp/engine/internal/params"
	"github.com/ubp-dev/ubp/engine/internal/vecsearch"
	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/ranking"
)

// Search types reported in SearchResult.SearchType.
const (
	searchHybrid           = "hybrid"
	searchFulltextFallback = "fulltext_fallback"
	searchFulltext         = "fulltext"
)

// Search finds documents by meaning, keywords and links.
//
// Candidates are the documents of the top limit×10 sections by vector
// similarity, every document with
// a full-text match (the same matching and scoring as FulltextSearch), and
// the graph neighbourhood (depth hops, both directions, only links of
// LinkTypes) of the best of those. Each signal is
// put on 0..1 and fused by ranking.Fuse, or by
// reciprocal-rank fusion with Fusion "rrf". Without a query vector (provider
// "none", no vectors yet, or a query the model cannot embed, such as
// hiragana only on the static model) the search runs full text and
// graph and reports search_type "fulltext_fallback"; Fulltext runs full text
// only ("fulltext"). DocType filters before the limit, and TotalFound counts
// the candidates with content evidence (see SearchResult).
func (e *Engine) Search(ctx context.Context, opts SearchOptions) (SearchResult, error) {
	if err := params.Query(opts.Query); err != nil {
		return SearchResult{}, err
	}
	limit, err := params.Limit(opts.Limit, e.p.Config.Search.DefaultLimit, DefaultSearchLimit, MaxSearchLimit)
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
	cfg := e.Project().Config.Search
	fusion, err := params.Fusion(opts.Fusion, cfg.Fusion)
	if err != nil {
		return SearchResult{}, err
	}
	q, err := fulltext.ParseQuery(opts.Query, cfg.Translate)
	if err != nil {
		return SearchResult{}, err
	}
	s := &searchRun{
		e: e, opts: opts, limit: limit, depth: depth, fusion: fusion,
		weights: searchWeights(cfg), rrfK: cfg.RRFK, q: q,
	}
	if s.rrfK <= 0 {
		s.rrfK = 60
	}
	if !opts.Fulltext {
		if s.vec, err = e.vectorSignal(ctx, opts.Query, limit*10); err != nil {
			return SearchResult{}, err
		}
	}
	var res SearchResult
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		if err := s.fulltextSignal(ctx, tx); err != nil {
			return err
		}
		if !opts.Fulltext {
			if err := s.graphSignal(ctx, tx); err != nil {
				return err
			}
		}
		s.fuse()
		var err error
		res, err = s.result(ctx, tx)
		return err
	})
	return res, err
}

// searchRun holds the state of one Search.
type searchRun struct {
	e      *Engine
	opts   SearchOptions
	limit  int
	depth  int
	fusion string
	rrfK   int
	q      query.Query

	// meta holds the candidates' metadata, read as they come up; a nil
	// entry is a document deleted since a signal found it.
	meta map[int64]*docmeta.Meta
	// links is the link graph around the seeds and hits, read as needed.
	links *linkwalk.Neighbourhood
	g     *graph.Graph

	// raw per-document signal scores
	vec      vecsearch.Evidence
	ft       *fulltext.Matches
	ftDocs   map[int64]*fulltext.Doc
	ftRaw    map[int64]float64
	graphEv  map[int64]graphEvidence
	graphRaw map[int64]float64

	// scaled signals, weights and fused scores
	scaled  map[int64]ranking.Scaled
	present presence
	weights ranking.Weights
	fused   map[int64]float64
}

// fulltextSignal runs the full-text match (the code FulltextSearch uses)
// and keeps per-document scores.
func (s *searchRun) fulltextSignal(ctx context.Context, tx querier) error {
	var err error
	if s.ft, err = s.e.matcher.Match(ctx, tx, s.q); err != nil {
		return err
	}
	ids := s.ft.Docs()
	for id := range s.vec.Raw {
		ids = append(ids, id)
	}
	s.meta = map[int64]*docmeta.Meta{}
	if err := s.e.docs.Add(ctx, tx, s.meta, ids); err != nil {
		return err
	}
	s.ftDocs = s.ft.Documents(s.meta)
	s.ftRaw = make(map[int64]float64, len(s.ftDocs))
	for id, d := range s.ftDocs {
		s.ftRaw[id] = d.Score
	}
	// Vector hits on documents deleted since are dropped here.
	for id := range s.vec.Raw {
		if s.meta[id] == nil {
			delete(s.vec.Raw, id)
		}
	}
	return nil
}

// graphSignal walks from the best content documents (seeds: the top
// documents by full text and vector fused without the graph), reading only
// the links within depth hops of them.
func (s *searchRun) graphSignal(ctx context.Context, tx querier) error {
	w := s.weights
	w.Graph = 0
	content := ranking.Fuse(s.evidence(), w)
	seeds, strength := pickSeeds(content, maxSeeds)
	var err error
	if s.links, err = s.e.links.Neighbourhood(ctx, tx, s.opts.LinkTypes); err != nil {
		return err
	}
	if err := s.links.Within(ctx, tx, seeds, s.depth); err != nil {
		return fmt.Errorf("load link graph: %w", err)
	}
	s.g = s.links.Graph()
	s.graphEv = graphSignal(s.g, seeds, strength, s.depth, s.opts.LinkTypes)
	reached := make([]int64, 0, len(s.graphEv))
	for id := range s.graphEv {
		reached = append(reached, id)
	}
	if err := s.e.docs.Add(ctx, tx, s.meta, reached); err != nil {
		return err
	}
	s.graphRaw = make(map[int64]float64, len(s.graphEv))
	for id, ev := range s.graphEv {
		if s.meta[id] != nil {
			s.graphRaw[id] = ev.Score
		}
	}
	return nil
}

// evidence is every candidate's raw evidence.
func (s *searchRun) evidence() map[int64]ranking.Evidence {
	out := map[int64]ranking.Evidence{}
	for id := range s.candidates() {
		ev := ranking.Evidence{Graph: s.graphRaw[id]}
		if d := s.ftDocs[id]; d != nil {
			ev.Fulltext, ev.Coverage = d.Score, d.Coverage
		}
		if v, ok := s.vec.Raw[id]; ok {
			ev.Vector, ev.HasVector = v, true
		}
		out[id] = ev
	}
	return out
}

// fuse combines the signals of every candidate.
func (s *searchRun) fuse() {
	ev := s.evidence()
	s.scaled = ranking.Scale(ev)
	s.present = presence{Vector: len(s.vec.Raw) > 0, Graph: len(s.graphRaw) > 0, Fulltext: len(s.ftRaw) > 0}
	if s.fusion != params.FusionRRF {
		s.fused = ranking.Fuse(ev, s.weights)
		return
	}
	s.fused = map[int64]float64{}
	ranks := s.ranks()
	for id := range ev {
		r := ranks[id]
		if sc := ranking.RRF(s.rrfK, r.Vector, r.Graph, r.Fulltext); sc > 0 {
			s.fused[id] = sc
		}
	}
}

// candidates is every document any signal found.
func (s *searchRun) candidates() map[int64]bool {
	c := map[int64]bool{}
	for _, m := range []map[int64]float64{s.vec.Raw, s.ftRaw, s.graphRaw} {
		for id := range m {
			if s.meta[id] != nil {
				c[id] = true
			}
		}
	}
	return c
}

// signals are a document's signals on 0..1 (see ranking.Scale).
func (s *searchRun) signals(id int64) signalScores {
	sc := s.scaled[id]
	return signalScores{Vector: sc.Vector, Graph: sc.Graph, Fulltext: sc.Fulltext}
}

// ranks are each candidate's rank in each signal.
func (s *searchRun) ranks() map[int64]signalRanks {
	v, g, f := rankBy(s.vec.Raw), rankBy(s.graphRaw), rankBy(s.ftRaw)
	out := map[int64]signalRanks{}
	for id := range s.candidates() {
		out[id] = signalRanks{Vector: v[id], Graph: g[id], Fulltext: f[id]}
	}
	return out
}

// searchType names what ran.
func (s *searchRun) searchType() string {
	switch {
	case s.opts.Fulltext:
		return searchFulltext
	case s.present.Vector:
		return searchHybrid
	default:
		return searchFulltextFallback
	}
}

// searchWeights are the fusion weights: the configuration's vector and
// graph weights (full text always weighs 1).
func searchWeights(cfg SearchConfig) ranking.Weights {
	w := ranking.DefaultWeights
	w.Vector, w.Graph = cfg.VectorWeight, cfg.GraphWeight
	return w
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
