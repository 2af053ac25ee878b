package search

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/fulltext"
	"github.com/ubp-dev/ubp/engine/internal/linkwalk"
	"github.com/ubp-dev/ubp/engine/internal/params"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/vecsearch"
	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/ranking"
)

// Search types reported in SearchResult.SearchType.
const (
	TypeHybrid           = "hybrid"
	TypeFulltextFallback = "fulltext_fallback"
	TypeFulltext         = "fulltext"
)

// Request is one search's checked parameters and parsed query.
type Request struct {
	Options answer.SearchOptions
	Limit   int    // results shown, 1..MaxSearchLimit
	Depth   int    // hops of the graph signal
	Fusion  string // params.FusionWeighted or params.FusionRRF
	Weights ranking.Weights
	RRFK    int // reciprocal-rank fusion's k; 0 or less means 60
	Query   query.Query
}

// Sources are what a search reads through, shared by every search of one
// index: the full-text matcher, the documents' metadata, the links, and
// the summary of a linked page (include_linked), which the read side
// gives.
type Sources struct {
	Fulltext *fulltext.Matcher
	Docs     *docmeta.Cache
	Links    *linkwalk.Cache
	Summary  func(ctx context.Context, q store.Querier, id int64) (string, error)
}

// Run is the state of one search: its parameters, where it reads, each
// signal's evidence, the fused scores and the hits shown.
type Run struct {
	src    Sources
	opts   answer.SearchOptions
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

	// the hits: the fused scores of the documents of the asked type, those
	// shown (best first, up to the limit) and how many have content
	// evidence (see Shown)
	scores map[int64]float64
	shown  []int64
	total  int
}

// New starts the search r asks for, reading through src.
func New(src Sources, r Request) *Run {
	s := &Run{
		src: src, opts: r.Options, limit: r.Limit, depth: r.Depth, fusion: r.Fusion,
		weights: r.Weights, rrfK: r.RRFK, q: r.Query,
	}
	if s.rrfK <= 0 {
		s.rrfK = 60
	}
	return s
}

// SetVector gives the search its vector signal, found before its read
// transaction (see vecsearch.Signal).
func (s *Run) SetVector(ev vecsearch.Evidence) { s.vec = ev }

// Fulltext runs the full-text match (the code FulltextSearch uses) and
// keeps per-document scores; it reads the metadata of every document the
// full text or the vector found, and drops the vector's hits on documents
// deleted since.
func (s *Run) Fulltext(ctx context.Context, tx store.Querier) error {
	var err error
	if s.ft, err = s.src.Fulltext.Match(ctx, tx, s.q); err != nil {
		return err
	}
	ids := s.ft.Docs()
	for id := range s.vec.Raw {
		ids = append(ids, id)
	}
	s.meta = map[int64]*docmeta.Meta{}
	if err := s.src.Docs.Add(ctx, tx, s.meta, ids); err != nil {
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

// Graph walks from the best content documents (seeds: the top documents
// by full text and vector fused without the graph), reading only the links
// within depth hops of them (see graphSignal).
func (s *Run) Graph(ctx context.Context, tx store.Querier) error {
	w := s.weights
	w.Graph = 0
	content := ranking.Fuse(s.evidence(), w)
	seeds, strength := pickSeeds(content, maxSeeds)
	var err error
	if s.links, err = s.src.Links.Neighbourhood(ctx, tx, s.opts.LinkTypes); err != nil {
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
	if err := s.src.Docs.Add(ctx, tx, s.meta, reached); err != nil {
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
func (s *Run) evidence() map[int64]ranking.Evidence {
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

// Fuse combines the signals of every candidate: ranking.Fuse on the
// signals put on 0..1 by ranking.Scale, or reciprocal-rank fusion
// (params.FusionRRF).
func (s *Run) Fuse() {
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
func (s *Run) candidates() map[int64]bool {
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
func (s *Run) signals(id int64) signalScores {
	sc := s.scaled[id]
	return signalScores{Vector: sc.Vector, Graph: sc.Graph, Fulltext: sc.Fulltext}
}

// ranks are each candidate's rank in each signal.
func (s *Run) ranks() map[int64]signalRanks {
	v, g, f := rankBy(s.vec.Raw), rankBy(s.graphRaw), rankBy(s.ftRaw)
	out := map[int64]signalRanks{}
	for id := range s.candidates() {
		out[id] = signalRanks{Vector: v[id], Graph: g[id], Fulltext: f[id]}
	}
	return out
}

// searchType names what ran: TypeFulltext, TypeHybrid or
// TypeFulltextFallback.
func (s *Run) searchType() string {
	switch {
	case s.opts.Fulltext:
		return TypeFulltext
	case s.present.Vector:
		return TypeHybrid
	default:
		return TypeFulltextFallback
	}
}
