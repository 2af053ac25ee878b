package engine

import (
	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/ranking"
)

// The engine's answers, defined in engine/answer (which the packages
// behind this API build them with), under their engine names. The CLI
// prints them with --json and the MCP tools return them as
// structuredContent: see package answer.
type (
	// PageSummary is one row of ListPages.
	PageSummary = answer.PageSummary
	// ListPagesOptions selects and orders pages.
	ListPagesOptions = answer.ListPagesOptions
	// ListPagesResult is the answer of ListPages.
	ListPagesResult = answer.ListPagesResult
	// PageLink is a link shown on a page, in either direction.
	PageLink = answer.PageLink
	// PageSection is a section of a page.
	PageSection = answer.PageSection
	// Page is the whole of one document.
	Page = answer.Page
	// RefStatus is one source_ref of a document and its current state.
	RefStatus = answer.RefStatus
	// StaleReason says why a document is not fresh.
	StaleReason = answer.StaleReason
	// StaleDocument is one document that is not fresh, in Status.
	StaleDocument = answer.StaleDocument
	// Status describes the project and its index.
	Status = answer.Status
	// DanglingLink is a dangling link in Status.DanglingList.
	DanglingLink = answer.DanglingLink
	// BrokenAnchor is a link to a heading its page lacks, in
	// Status.BrokenAnchorList.
	BrokenAnchor = answer.BrokenAnchor
	// IndexReport counts what an indexing run did.
	IndexReport = answer.IndexReport
	// ContextOptions are the parameters of GetContext.
	ContextOptions = answer.ContextOptions
	// ContextCenter is the page at the centre of a context.
	ContextCenter = answer.ContextCenter
	// ContextNeighbour is a page near the centre.
	ContextNeighbour = answer.ContextNeighbour
	// ContextResult is the answer of GetContext.
	ContextResult = answer.ContextResult
	// CodeFence is the opening fence of a code block an answer's text
	// starts or ends inside.
	CodeFence = answer.CodeFence
	// GraphOptions are the parameters of GetGraph.
	GraphOptions = answer.GraphOptions
	// GraphNode is a document (or a dangling target) in a graph.
	GraphNode = answer.GraphNode
	// GraphEdge is a typed link between two nodes.
	GraphEdge = answer.GraphEdge
	// GraphResult is the answer of GetGraph.
	GraphResult = answer.GraphResult
	// GraphNodeDetail is what a graph view shows of a document beyond its
	// node.
	GraphNodeDetail = answer.GraphNodeDetail
	// NotFoundError says a page reference matched no document.
	NotFoundError = answer.NotFoundError
	// ArgumentError says a parameter is out of range or malformed. CLI
	// prints it as a usage error (exit 2); MCP returns it as a tool error.
	ArgumentError = answer.ArgumentError

	// SearchOptions are the parameters of a hybrid (or fulltext-only)
	// search.
	SearchOptions = answer.SearchOptions
	// ScoreBreakdown is each signal's value on 0..1 as fused, and the raw
	// evidence behind them.
	ScoreBreakdown = answer.ScoreBreakdown
	// SectionMatch is a section of a result that matched.
	SectionMatch = answer.SectionMatch
	// LinkedPage is a page linked to or from a result (include_linked).
	LinkedPage = answer.LinkedPage
	// SignalRank is one signal's rank and raw score for --explain.
	SignalRank = answer.SignalRank
	// SearchHit is one document found by Search.
	SearchHit = answer.SearchHit
	// SearchResult is the answer of Search.
	SearchResult = answer.SearchResult
	// FulltextOptions are the parameters of a fulltext search.
	FulltextOptions = answer.FulltextOptions
	// FulltextHit is one section found by FulltextSearch.
	FulltextHit = answer.FulltextHit
	// FulltextResult is the answer of FulltextSearch.
	FulltextResult = answer.FulltextResult
	// SuggestOptions are the parameters of SuggestLinks.
	SuggestOptions = answer.SuggestOptions
	// LinkSuggestion is a pair of similar, unlinked sections.
	LinkSuggestion = answer.LinkSuggestion
)

// Remedies on errors, defined in engine/answer: the engine names what the
// user can do, the front ends say it.
type (
	// Remedy is what the user can do about an error.
	Remedy = answer.Remedy
	// RemedyError is an error with its remedy.
	RemedyError = answer.RemedyError
)

// The remedies (see answer.Remedy).
const (
	NoRemedy            = answer.NoRemedy
	RemedyInit          = answer.RemedyInit
	RemedyRewriteConfig = answer.RemedyRewriteConfig
	RemedyIndex         = answer.RemedyIndex
	RemedyMigrate       = answer.RemedyMigrate
	RemedyIndexAgain    = answer.RemedyIndexAgain
	RemedyRebuild       = answer.RemedyRebuild
	RemedyFullIndex     = answer.RemedyFullIndex
	RemedyDeleteIndex   = answer.RemedyDeleteIndex
	RemedyUpgrade       = answer.RemedyUpgrade
	RemedyWritable      = answer.RemedyWritable
)

// RemedyOf is the remedy an error carries, NoRemedy when none.
func RemedyOf(err error) Remedy { return answer.RemedyOf(err) }

// PartUnder is the lines of a section's stored content under the same
// heading as its line `line` (0-based; see answer.PartUnder).
func PartUnder(content string, line int) (from, to int) {
	return answer.PartUnder(content, line)
}

// Match levels of SearchHit.Match and SearchResult.Match (see ranking.Level).
const (
	MatchStrong  = ranking.MatchStrong
	MatchPartial = ranking.MatchPartial
	MatchWeak    = ranking.MatchWeak
	MatchNone    = ranking.MatchNone
)

// MatchLevels are the match levels, strongest first.
var MatchLevels = []string{MatchStrong, MatchPartial, MatchWeak, MatchNone}

// PoorMatch reports whether a match level says the documents do not answer
// the query: weak (a loose meaning or one common word) or none. The CLI and
// the MCP server warn on it.
func PoorMatch(level string) bool { return level == MatchWeak || level == MatchNone }

// MaxDanglingList bounds Status.DanglingList (see answer.MaxDanglingList).
const MaxDanglingList = answer.MaxDanglingList

// MaxWarningsList bounds Status.Warnings (see answer.MaxWarningsList).
const MaxWarningsList = answer.MaxWarningsList

// EmptyQuery and EmptyPage are what an empty or blank query or page is
// told, the ArgumentError's message (see answer.EmptyQuery).
const (
	EmptyQuery = answer.EmptyQuery
	EmptyPage  = answer.EmptyPage
)

// FromColumn is text (lines of a file, the first being line `line`) from
// character column (1-based) of its first line on; a column past that
// line's end is an *ArgumentError for "start_column" (see
// answer.FromColumn).
func FromColumn(text string, line, column int) (string, error) {
	return answer.FromColumn(text, line, column)
}

// OpenFence is the line (1-based) of text whose code fence is still open
// at its end, and whether one is (see answer.OpenFence).
func OpenFence(text string) (int, bool) { return answer.OpenFence(text) }

// FencesAfter is, for each of lines (lines[i] is line first+i), the code
// block open after it, nil for none (see answer.FencesAfter).
func FencesAfter(lines []string, first int) []*CodeFence { return answer.FencesAfter(lines, first) }
