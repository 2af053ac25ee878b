package answer

import (
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

// SearchOptions are the parameters of a hybrid (or fulltext-only) search.
type SearchOptions struct {
	Query         string
	Limit         int              // 1..50 for CLI; MCP bounds it to 1..20. 0 means 10.
	DocType       string           // "" for all
	Depth         int              // graph depth 1..3; 0 means 2
	LinkTypes     []index.LinkType // nil for all
	IncludeLinked bool
	Fulltext      bool   // fulltext signal only
	Fusion        string // "weighted" (default) or "rrf"
	Explain       bool
}

// ScoreBreakdown is each signal's value on 0..1 as fused (relative to the
// query's other results), and the raw evidence behind them, comparable
// across queries.
type ScoreBreakdown struct {
	VectorSimilarity float64 `json:"vector_similarity"`
	GraphProximity   float64 `json:"graph_proximity"`
	Fulltext         float64 `json:"fulltext"`
	// BM25 is the document's full-text score (0: no match) and Coverage the
	// IDF-weighted share of the query's concepts its text holds (0..1).
	BM25     float64 `json:"bm25"`
	Coverage float64 `json:"coverage"`
	// Cosine is the best cosine similarity of its sections to the query
	// (0: not found by the vector).
	Cosine float64 `json:"cosine"`
	// Hops is the number of links from the nearest of the query's best
	// documents (absent: not reached through links).
	Hops int `json:"hops,omitempty"`
	// Latent is the latent signal as fused (0..1; absent at 0, the lowest
	// of the documents it scored) and LatentCosine the best cosine of the
	// document's sections to the query in the space learned from the
	// corpus; both absent for the documents it did not score and for the
	// queries that do not get that signal (shorter than
	// ranking.LatentMinConcepts concepts).
	Latent       float64 `json:"latent,omitempty"`
	LatentCosine float64 `json:"latent_cosine,omitempty"`
}

// SectionMatch is a section of a result that matched.
type SectionMatch struct {
	SectionID int64 `json:"section_id"`
	// Heading is the heading the snippet's first match is under: the
	// section's, or one written inside it (a short H2 merged into it, an H4).
	Heading   string `json:"heading"`
	Snippet   string `json:"snippet"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	// Line is the line of the file of the snippet's first match; the
	// section's first line when the snippet shows none.
	Line  int     `json:"line"`
	Score float64 `json:"score"`
}

// LinkedPage is a page linked to or from a result (include_linked).
type LinkedPage struct {
	DocID     string         `json:"doc_id"`
	Filepath  string         `json:"filepath"`
	Title     string         `json:"title"`
	LinkType  index.LinkType `json:"link_type"`
	Direction string         `json:"direction"` // outlink or backlink
	Summary   string         `json:"summary"`
}

// SignalRank is one signal's rank and raw score for --explain.
type SignalRank struct {
	Signal string  `json:"signal"`
	Rank   int     `json:"rank"` // 1-based; 0 when the signal did not find the document
	Score  float64 `json:"score"`
}

// SearchHit is one document found by Search.
type SearchHit struct {
	DocID          string         `json:"doc_id"`
	Filepath       string         `json:"filepath"`
	Title          string         `json:"title"`
	DocType        index.DocType  `json:"doc_type"`
	Score          float64        `json:"score"`
	ScoreBreakdown ScoreBreakdown `json:"score_breakdown"`
	// Match is an absolute verdict on the evidence: strong (most of the
	// query's concepts in the text), partial, weak or none (see
	// ranking.Level). Unlike Score it does not depend on the other results.
	Match           string      `json:"match"`
	RelevanceReason string      `json:"relevance_reason"`
	Staleness       stale.Level `json:"staleness"`
	// StaleReason is set when Staleness is possibly_stale or stale.
	StaleReason *StaleReason `json:"stale_reason,omitempty"`
	// ChangedRefs are, when Staleness is possibly_stale or stale, the
	// source refs that changed (as Page.SourceRefs has them).
	ChangedRefs []RefStatus    `json:"changed_refs,omitempty" jsonschema:"Why a stale or possibly_stale result is: the source_refs that changed, each with its reason (modified, deleted, moved, not_found)."`
	Sections    []SectionMatch `json:"sections"`
	// LinkedPages are at most MaxLinkedPages of the pages it links with
	// (outlinks first); LinkedTotal counts them all when there are more.
	LinkedPages []LinkedPage `json:"linked_pages,omitempty"`
	LinkedTotal int          `json:"linked_total,omitempty"`
	Explain     []SignalRank `json:"explain,omitempty"`
}

// MaxLinkedPages bounds the linked pages a search result lists
// (SearchOptions.IncludeLinked): a hub page linked with 58 others made one
// answer of 50 results 1.4 MB.
const MaxLinkedPages = 10

// SearchResult is the answer of Search. TotalFound counts the documents
// with content evidence (full text or a vector match; not those reached
// only through links) after filters and before the limit.
type SearchResult struct {
	Results    []SearchHit `json:"results"`
	TotalFound int         `json:"total_found"`
	// TotalFoundLowerBound says TotalFound is a lower bound: a query term
	// is in more sections than full text reads of it (its best 1,000), so
	// documents found by nothing else beyond those were not counted.
	TotalFoundLowerBound bool   `json:"total_found_lower_bound,omitempty"`
	SearchType           string `json:"search_type"` // hybrid, fulltext_fallback or fulltext
	// Match is the best result's match level ("none" without results): a
	// query nothing in the index relates to says so here.
	Match string `json:"match"`
	// QueryCut says what of a long query full text left out (its
	// characters after the first 1,000, its concepts after the first 48;
	// query.Cut), absent when nothing was.
	QueryCut string `json:"query_cut,omitempty"`
}

// FulltextOptions are the parameters of a fulltext search.
type FulltextOptions struct {
	Query   string
	Limit   int    // 1..50; 0 means 10
	DocType string // "" for all
}

// FulltextHit is one section found by FulltextSearch.
type FulltextHit struct {
	DocID          string  `json:"doc_id"`
	Filepath       string  `json:"filepath"`
	Title          string  `json:"title"`
	SectionID      int64   `json:"section_id"`
	SectionHeading *string `json:"section_heading"` // the heading the match is under; null for section 0
	Snippet        string  `json:"snippet"`         // with ⟦..⟧ highlights
	Line           int     `json:"line"`            // line of the snippet's first match (the section's first line when it shows none)
	Rank           float64 `json:"rank"`            // higher is better
}

// FulltextResult is the answer of FulltextSearch.
type FulltextResult struct {
	Results    []FulltextHit `json:"results"`
	TotalFound int           `json:"total_found"`
	// TotalFoundLowerBound says TotalFound is a lower bound (see
	// SearchResult): absent when it is the exact count, which it is
	// whenever every query term is in at most 1,000 sections, and for a
	// query of one term without a doc_type filter (the term's own count of
	// sections, whose matches need no check of their text).
	TotalFoundLowerBound bool `json:"total_found_lower_bound,omitempty"`
	// QueryCut is SearchResult.QueryCut.
	QueryCut string `json:"query_cut,omitempty"`
}

// RoundScore is a score as the answers show it: 4 decimals, readable in
// JSON, without changing the order of scores in practice.
func RoundScore(f float64) float64 {
	return float64(int64(f*10000+0.5)) / 10000
}
