package search

import (
	"context"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/fulltext"
	"github.com/ubp-dev/ubp/engine/internal/linkwalk"
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
	// contentEv is the candidates' evidence as Graph fused it for its
	// seeds, before the graph signal; Fuse adds the graph's to it instead
	// of gathering every candidate's again.
	contentEv map[int64]ranking.Evidence
	latent    map[int64]float64

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
		weights: r.Weights, rrfK: r.RRFK, q: r.Query, meta: map[int64]*docmeta.Meta{},
	}
	if s.rrfK <= 0 {
		s.rrfK = 60
	}
	return s
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
