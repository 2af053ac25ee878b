package engine

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/graph"
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
// similarity (rescored by their hub-calibrated scores), every document with
// a full-text match (the same matching and scoring as FulltextSearch), and
// the graph neighbourhood (depth hops, both directions, only links of
// LinkTypes) of the best of those. Each signal is
// normalised to 0..1 (see signalScores) and fused by weightsFor, or by
// reciprocal-rank fusion with Fusion "rrf". Without a query vector (provider
// "none", no vectors yet, or a query the model cannot embed, such as
// hiragana only on the static model) the search runs full text and
// graph and reports search_type "fulltext_fallback"; Fulltext runs full text
// only ("fulltext"). DocType filters before the limit, and TotalFound counts
// every candidate left with a score above zero.
func (e *Engine) Search(ctx context.Context, opts SearchOptions) (SearchResult, error) {
	if err := checkQuery(opts.Query); err != nil {
		return SearchResult{}, err
	}
	limit, err := checkLimit(opts.Limit, e.p.Config.Search.DefaultLimit)
	if err != nil {
		return SearchResult{}, err
	}
	depth, err := checkDepth(opts.Depth, defaultSearchDepth, maxSearchDepth)
	if err != nil {
		return SearchResult{}, err
	}
	if err := checkDocType(opts.DocType); err != nil {
		return SearchResult{}, err
	}
	if err := checkLinkTypes(opts.LinkTypes); err != nil {
		return SearchResult{}, err
	}
	cfg := e.Project().Config.Search
	fusion, err := checkFusion(opts.Fusion, cfg.Fusion)
	if err != nil {
		return SearchResult{}, err
	}
	q, err := e.parseQuery(opts.Query)
	if err != nil {
		return SearchResult{}, err
	}
	s := &searchRun{
		e: e, opts: opts, limit: limit, depth: depth, fusion: fusion,
		alpha: cfg.Alpha, rrfK: cfg.RRFK, q: q,
	}
	if s.rrfK <= 0 {
		s.rrfK = 60
	}
	if !opts.Fulltext {
		if err := s.vectorSignal(ctx); err != nil {
			return SearchResult{}, err
		}
	}
	var res SearchResult
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		if err := s.fulltextSignal(ctx, tx); err != nil {
			return err
		}
		if !opts.Fulltext {
			if err := s.graphSignal(ctx); err != nil {
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
	alpha  float64
	rrfK   int
	q      query.Query

	meta map[int64]*docMeta
	g    *graph.Graph

	// raw per-document signal scores
	vecRaw   map[int64]float64
	vecSecs  map[int64][]scoredSection // vector-matched sections per document (calibrated scores)
	vecCos   map[int64]float64         // cosine similarity of each vector-matched section
	ft       *ftMatches
	ftDocs   map[int64]*ftDoc
	ftRaw    map[int64]float64
	graphEv  map[int64]graphEvidence
	graphRaw map[int64]float64

	// normalised signals, weights and fused scores
	vecN, ftN map[int64]float64
	present   presence
	weights   fusionWeights
	fused     map[int64]float64
}

// fulltextSignal runs the full-text match (the code FulltextSearch uses)
// and keeps per-document scores.
func (s *searchRun) fulltextSignal(ctx context.Context, tx querier) error {
	var err error
	if s.meta, err = s.e.docMetas(ctx, tx); err != nil {
		return err
	}
	if s.ft, err = s.e.matchFulltext(ctx, tx, s.q); err != nil {
		return err
	}
	s.ftDocs = s.ft.documents(s.meta)
	s.ftRaw = make(map[int64]float64, len(s.ftDocs))
	for id, d := range s.ftDocs {
		s.ftRaw[id] = d.Score
	}
	// Vector hits on documents deleted since are dropped here.
	for id := range s.vecRaw {
		if s.meta[id] == nil {
			delete(s.vecRaw, id)
		}
	}
	return nil
}

// graphSignal walks from the best content documents.
func (s *searchRun) graphSignal(ctx context.Context) error {
	g, err := s.e.LoadGraph(ctx)
	if err != nil {
		return fmt.Errorf("load link graph: %w", err)
	}
	s.g = g
	s.vecN, s.ftN = normaliseByMax(s.vecRaw), normaliseByMax(s.ftRaw)
	w := weightsFor(s.alpha, presence{Vector: len(s.vecN) > 0, Fulltext: len(s.ftN) > 0})
	content := map[int64]float64{}
	for id, v := range s.vecN {
		content[id] += w.Vector * v
	}
	for id, f := range s.ftN {
		content[id] += w.Fulltext * f
	}
	seeds, strength := pickSeeds(content, maxSeeds)
	s.graphEv = graphSignal(g, seeds, strength, s.depth, s.opts.LinkTypes)
	s.graphRaw = make(map[int64]float64, len(s.graphEv))
	for id, ev := range s.graphEv {
		if s.meta[id] != nil {
			s.graphRaw[id] = ev.Score
		}
	}
	return nil
}

// fuse combines the signals of every candidate.
func (s *searchRun) fuse() {
	s.vecN, s.ftN = normaliseByMax(s.vecRaw), normaliseByMax(s.ftRaw)
	s.present = presence{Vector: len(s.vecN) > 0, Graph: len(s.graphRaw) > 0, Fulltext: len(s.ftN) > 0}
	s.weights = weightsFor(s.alpha, s.present)
	s.fused = map[int64]float64{}
	var ranks map[int64]signalRanks
	if s.fusion == fusionRRF {
		ranks = s.ranks()
	}
	for id := range s.candidates() {
		var score float64
		if s.fusion == fusionRRF {
			score = rrfScore(ranks[id], s.rrfK)
		} else {
			score = s.weights.weighted(s.signals(id))
		}
		if score > 0 {
			s.fused[id] = score
		}
	}
}

// candidates is every document any signal found.
func (s *searchRun) candidates() map[int64]bool {
	c := map[int64]bool{}
	for _, m := range []map[int64]float64{s.vecRaw, s.ftRaw, s.graphRaw} {
		for id := range m {
			if s.meta[id] != nil {
				c[id] = true
			}
		}
	}
	return c
}

// signals are a document's normalised signals.
func (s *searchRun) signals(id int64) signalScores {
	return signalScores{Vector: s.vecN[id], Graph: s.graphRaw[id], Fulltext: s.ftN[id]}
}

// ranks are each candidate's rank in each signal.
func (s *searchRun) ranks() map[int64]signalRanks {
	v, g, f := rankBy(s.vecRaw), rankBy(s.graphRaw), rankBy(s.ftRaw)
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
