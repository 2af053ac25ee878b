package engine

import (
	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/latent"
	"github.com/ubp-dev/ubp/engine/internal/latentrun"
)

// Parameter bounds of the engine's queries. The CLI flags and the MCP tool
// schemas state the same bounds by using these constants: each is defined
// here once.
const (
	DefaultSearchLimit  = 10 // results of Search and FulltextSearch when no limit is given
	MaxSearchLimit      = 50
	DefaultSearchDepth  = 2 // link hops of the graph signal and of GetContext
	MaxSearchDepth      = 3
	DefaultGraphDepth   = 2 // hops of GetGraph around a page
	MaxGraphDepth       = 5
	DefaultContextSize  = 50000 // bytes of GetContext output
	MinContextSize      = 1000
	MaxContextSize      = 1000000
	DefaultSuggestLimit = 20
	MaxSuggestLimit     = 200
)

// LatentMinSections is the number of sections an index needs before it
// learns the latent space of long queries (see docs/search.md, Latent
// signal).
const LatentMinSections = latentrun.MinSections

// LatentMaxRank is the most dimensions a latent space has.
const LatentMaxRank = latent.MaxRank

// MaxLinkedPages is the most linked pages a search result lists
// (SearchOptions.IncludeLinked).
const MaxLinkedPages = answer.MaxLinkedPages
