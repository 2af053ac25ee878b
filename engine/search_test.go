package engine

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/search"
	"github.com/ubp-dev/ubp/index"
)

func TestSearchFallbackEndToEnd(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	res := mustSearch(t, e, SearchOptions{Query: "fusion weights"})
	if res.SearchType != search.TypeFulltextFallback {
		t.Errorf("search_type %q, want fulltext_fallback without vectors", res.SearchType)
	}
	if len(res.Results) == 0 || res.Results[0].Filepath != "designs/search.md" {
		t.Fatalf("results %v, want designs/search.md first", hitPaths(res))
	}
	top := res.Results[0]
	if top.DocID == "" || top.Title != "Search Ranking" || top.DocType != index.DocDesign || top.Staleness == "" {
		t.Errorf("hit fields missing: %+v", top)
	}
	if top.ScoreBreakdown.Fulltext != 1 || top.ScoreBreakdown.VectorSimilarity != 0 {
		t.Errorf("breakdown %+v, want fulltext 1 (best) and no vector", top.ScoreBreakdown)
	}
	if len(top.Sections) == 0 || len(top.Sections) > 3 || top.Sections[0].Heading != "Fusion weights" {
		t.Errorf("sections %+v, want 'Fusion weights' first, at most 3", top.Sections)
	}
	if !strings.Contains(top.Sections[0].Snippet, "⟦fusion⟧") || top.Sections[0].StartLine <= 0 {
		t.Errorf("section snippet/lines: %+v", top.Sections[0])
	}
	if !strings.Contains(top.RelevanceReason, "matches 2 of 2 query terms in 'Fusion weights'") {
		t.Errorf("reason %q", top.RelevanceReason)
	}
	for _, h := range res.Results {
		b := h.ScoreBreakdown
		for _, v := range []float64{b.VectorSimilarity, b.GraphProximity, b.Fulltext, h.Score} {
			if v < 0 || v > 1 || math.IsNaN(v) {
				t.Errorf("%s: score out of 0..1: %+v %v", h.Filepath, b, h.Score)
			}
		}
	}
	// total_found counts the documents that match by content; pages shown
	// only because the match links to them are not counted (limit 10 is not
	// reached, so every matching document is among the results).
	matched := 0
	for _, h := range res.Results {
		if h.Match != "none" {
			matched++
		} else if h.ScoreBreakdown.Hops == 0 {
			t.Errorf("%s: match none without a link to a match: %+v", h.Filepath, h.ScoreBreakdown)
		}
	}
	if res.TotalFound != matched || matched == len(res.Results) {
		t.Errorf("total_found %d, %d matching of %d results; want the matching ones only, with linked pages beside them",
			res.TotalFound, matched, len(res.Results))
	}
}

func TestSearchGraphFindsLinkedDocuments(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	// Only designs/search.md has "reciprocal"; graph.md and storage.md come
	// from its links.
	byPath := func(res SearchResult) map[string]SearchHit {
		m := map[string]SearchHit{}
		for _, h := range res.Results {
			m[h.Filepath] = h
		}
		return m
	}
	all := byPath(mustSearch(t, e, SearchOptions{Query: "reciprocal", Depth: 1}))
	g, ok := all["designs/graph.md"]
	// One hop from the best document: half its strength.
	if !ok || g.ScoreBreakdown.GraphProximity != 0.5 || g.ScoreBreakdown.Fulltext != 0 {
		t.Fatalf("graph.md (depends_on from the hit) = %+v, want proximity 0.5 and no text match", g)
	}
	if top := all[hitPaths(mustSearch(t, e, SearchOptions{Query: "reciprocal", Depth: 1}))[0]]; top.Filepath != "designs/search.md" {
		t.Errorf("the document with the text must lead its linked neighbours, got %s first", top.Filepath)
	}
	if !strings.Contains(g.RelevanceReason, "linked from designs/search.md (depends_on)") {
		t.Errorf("reason %q", g.RelevanceReason)
	}
	if _, ok := all["designs/storage.md"]; !ok {
		t.Errorf("storage.md (references from the hit) missing: %v", all)
	}
	if _, ok := all["adr/0001-sqlite.md"]; ok {
		t.Errorf("adr is 2 hops away, depth 1 must not reach it")
	}

	// The type filter applies during the walk: with depends_on only,
	// storage.md (a references link, or depends_on→implements) is out.
	dep := byPath(mustSearch(t, e, SearchOptions{Query: "reciprocal", Depth: 3, LinkTypes: []index.LinkType{index.LinkDependsOn}}))
	if _, ok := dep["designs/graph.md"]; !ok {
		t.Errorf("graph.md missing with depends_on: %v", dep)
	}
	if _, ok := dep["designs/storage.md"]; ok {
		t.Errorf("storage.md reached with depends_on only")
	}

	// Depth 2 reaches the adr through storage.md (a backlink).
	d2 := byPath(mustSearch(t, e, SearchOptions{Query: "reciprocal", Depth: 2}))
	if h, ok := d2["adr/0001-sqlite.md"]; !ok || math.Abs(h.ScoreBreakdown.GraphProximity-0.3333) > 1e-4 {
		t.Errorf("adr at depth 2 = %+v, want proximity 1/3", h)
	}
}

func TestSearchFiltersBeforeLimit(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	all := mustSearch(t, e, SearchOptions{Query: "ranking graph storage", Limit: 50})
	if len(all.Results) < 4 {
		t.Fatalf("want several hits, got %v", hitPaths(all))
	}
	designs := 0
	for _, h := range all.Results {
		if h.DocType == index.DocDesign {
			designs++
		}
	}
	one := mustSearch(t, e, SearchOptions{Query: "ranking graph storage", Limit: 1, DocType: "design"})
	if len(one.Results) != 1 || one.Results[0].DocType != index.DocDesign {
		t.Fatalf("doc_type design, limit 1: %+v", one.Results)
	}
	if one.TotalFound != designs {
		t.Errorf("total_found %d, want %d designs", one.TotalFound, designs)
	}
	spec := mustSearch(t, e, SearchOptions{Query: "ranking graph storage", Limit: 1, DocType: "spec"})
	if len(spec.Results) != 1 || spec.Results[0].Filepath != "designs/storage.md" {
		t.Errorf("doc_type spec: %v, want storage.md even though designs rank higher", hitPaths(spec))
	}
}

func TestSearchFulltextOnly(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	res := mustSearch(t, e, SearchOptions{Query: "reciprocal", Fulltext: true})
	if res.SearchType != search.TypeFulltext {
		t.Errorf("search_type %q, want fulltext", res.SearchType)
	}
	if got := hitPaths(res); !slices.Equal(got, []string{"designs/search.md"}) {
		t.Errorf("fulltext only found %v, want only the text match", got)
	}
}

func TestSearchIncludeLinkedAndExplain(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	res := mustSearch(t, e, SearchOptions{Query: "reciprocal", IncludeLinked: true, Explain: true})
	top := res.Results[0]
	var got []string
	for _, l := range top.LinkedPages {
		got = append(got, l.Direction+" "+l.Filepath+" "+string(l.LinkType))
		if l.Summary == "" || l.Title == "" {
			t.Errorf("linked page without summary/title: %+v", l)
		}
	}
	want := []string{"outlink designs/graph.md depends_on", "outlink designs/storage.md references"}
	if !slices.Equal(got, want) {
		t.Errorf("linked pages %q, want %q", got, want)
	}
	if len(top.Explain) != 3 {
		t.Fatalf("explain %+v, want 3 signals", top.Explain)
	}
	for _, s := range top.Explain {
		switch s.Signal {
		case search.SignalFulltext:
			if s.Rank != 1 || s.Score <= 0 {
				t.Errorf("fulltext explain %+v", s)
			}
		case search.SignalVector:
			if s.Rank != 0 {
				t.Errorf("vector explain %+v, want rank 0 without vectors", s)
			}
		}
	}
}

func TestSearchRRF(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	res := mustSearch(t, e, SearchOptions{Query: "reciprocal", Fusion: "rrf", Explain: true})
	// The content signals' reciprocal ranks make the score; graph
	// proximity only orders ties (ranking.FuseRRF), so pages found through
	// links alone come last.
	// Scores are shown relative to the best result's.
	linkedOnly := 0
	var top float64
	for i, h := range res.Results {
		var want float64
		graph := false
		for _, s := range h.Explain {
			switch {
			case s.Rank > 0 && s.Signal == search.SignalGraph:
				graph = true
			case s.Rank > 0:
				want += 1 / float64(60+s.Rank)
			}
		}
		if i == 0 {
			top = want
		}
		if math.Abs(h.Score-want/top) > 1e-4 {
			t.Errorf("%s: rrf score %v, want %v / %v from ranks %+v", h.Filepath, h.Score, want, top, h.Explain)
		}
		if want == 0 {
			linkedOnly++
			if !graph {
				t.Errorf("%s: shown with no signal: %+v", h.Filepath, h.Explain)
			}
		} else if linkedOnly > 0 {
			t.Errorf("%s (rank %d), found by content, comes after a page found through links only", h.Filepath, i+1)
		}
	}
	if linkedOnly == 0 {
		t.Errorf("no page found through links only: %v; the fixture links the match to others", hitPaths(res))
	}
	for i := 1; i < len(res.Results); i++ {
		if res.Results[i].Score > res.Results[i-1].Score {
			t.Errorf("rrf results not ordered by score: %v", hitPaths(res))
		}
	}
}

func TestSearchValidation(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	ctx := context.Background()
	tests := []struct {
		o     SearchOptions
		param string
	}{
		{SearchOptions{Query: ""}, "query"},
		{SearchOptions{Query: "x", Limit: 51}, "limit"},
		{SearchOptions{Query: "x", Depth: 4}, "depth"},
		{SearchOptions{Query: "x", Depth: -1}, "depth"},
		{SearchOptions{Query: "x", DocType: "memo"}, "doc_type"},
		{SearchOptions{Query: "x", LinkTypes: []index.LinkType{"likes"}}, "link_types"},
		{SearchOptions{Query: "x", Fusion: "max"}, "fusion"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.o), func(t *testing.T) {
			_, err := e.Search(ctx, tt.o)
			wantArgError(t, err, tt.param)
		})
	}
}

func TestSearchNothingFound(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	res := mustSearch(t, e, SearchOptions{Query: "zyxwvut"})
	if res.TotalFound != 0 || len(res.Results) != 0 || res.Results == nil {
		t.Errorf("want an empty, non-nil result: %+v", res)
	}
}

// A result says how well it matched in absolute terms, with its raw
// evidence, so a query about nothing in the index is told so instead of
// getting a best page at full score.
func TestSearchMatchLevelAndEvidence(t *testing.T) {
	e := searchProject(t, searchDocs, "static")
	tests := []struct {
		name, query string
		want        string // match level of the result set
	}{
		{"every concept in the text", "fusion weights", "strong"},
		{"words the corpus does not have", "zebra quasar xylophone", "none"},
		{"one of three concepts", "fusion zebra quasar", "weak"},
	}
	// The reason counts every concept of the query, those the corpus does
	// not have too: "fusion zebra quasar" matches 1 of 3, not 1 of 1.
	if res := mustSearch(t, e, SearchOptions{Query: "fusion zebra quasar"}); len(res.Results) == 0 ||
		!strings.Contains(res.Results[0].RelevanceReason, "matches 1 of 3 query terms") {
		t.Errorf("fusion zebra quasar: %+v, want a reason saying 1 of 3", res.Results)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := mustSearch(t, e, SearchOptions{Query: tt.query})
			if res.Match != tt.want {
				t.Errorf("%q: match %q, want %q (results %v)", tt.query, res.Match, tt.want, hitPaths(res))
			}
			for _, h := range res.Results {
				b := h.ScoreBreakdown
				if b.Fulltext > 0 && (b.BM25 <= 0 || b.Coverage <= 0) {
					t.Errorf("%s: scaled full text %v without raw BM25/coverage %+v", h.Filepath, b.Fulltext, b)
				}
				if h.Match == "" || h.Score < 0 || h.Score > 1 {
					t.Errorf("%s: match %q score %v", h.Filepath, h.Match, h.Score)
				}
			}
		})
	}
}

// TestSearchScoresRelativeToTheBestShown: the best result scores 1 and the
// others a share of it, whatever the fusion and whatever doc_type left out
// (a filtered answer's best scored as against the unfiltered best).
func TestSearchScoresRelativeToTheBestShown(t *testing.T) {
	e := searchProject(t, searchDocs, "static")
	all := mustSearch(t, e, SearchOptions{Query: "search ranking"})
	if len(all.Results) < 2 {
		t.Fatalf("results %+v", all.Results)
	}
	second := all.Results[len(all.Results)-1].DocType
	for _, opts := range []SearchOptions{
		{Query: "search ranking"},
		{Query: "search ranking", Fusion: "rrf"},
		{Query: "search ranking", Fulltext: true},
		{Query: "search ranking", DocType: string(second)},
	} {
		res := mustSearch(t, e, opts)
		if len(res.Results) == 0 || res.Results[0].Score != 1 {
			t.Errorf("%+v: best score %+v, want 1", opts, res.Results)
			continue
		}
		for i := 1; i < len(res.Results); i++ {
			if s := res.Results[i].Score; s > res.Results[i-1].Score || s < 0 {
				t.Errorf("%+v: scores out of order: %v after %v", opts, s, res.Results[i-1].Score)
			}
		}
	}
}

// TestSearchLimitTakesTheFirst: a smaller limit shows the first results of
// a larger one, with the same scores and the same total_found, up to the
// largest limit (a vector pool that grew with the limit past the default
// reordered the first results at limit 50).
func TestSearchLimitTakesTheFirst(t *testing.T) {
	// Enough sections that a pool of ten per result leaves most of them
	// out at limit 1, and a pool of the largest limit's holds many more.
	docs := map[string]string{}
	words := []string{"cache", "index", "vector", "graph", "search", "ranking", "storage", "network", "latency", "memory", "disk", "query"}
	for i := 0; i < 300; i++ {
		a, b, c := words[i%len(words)], words[(i*5+1)%len(words)], words[(i*7+3)%len(words)]
		docs[fmt.Sprintf("d%03d.md", i)] = fmt.Sprintf("# Note %d on %s\n\nThe %s keeps the %s close to the %s.\n\n## More\n\nA %s and a %s.\n", i, a, a, b, c, c, b)
	}
	e := searchProject(t, docs, "static")
	for _, q := range []string{"search ranking", "fast memory for queries", "how the network affects latency"} {
		full := mustSearch(t, e, SearchOptions{Query: q, Limit: MaxSearchLimit})
		for _, limit := range []int{1, 2, 3, 5, DefaultSearchLimit, 20, 30, MaxSearchLimit - 1} {
			part := mustSearch(t, e, SearchOptions{Query: q, Limit: limit})
			if part.TotalFound != full.TotalFound {
				t.Errorf("%q limit %d: total_found %d, want %d", q, limit, part.TotalFound, full.TotalFound)
			}
			for i, h := range part.Results {
				if h.Filepath != full.Results[i].Filepath || h.ScoreBreakdown != full.Results[i].ScoreBreakdown {
					t.Errorf("%q limit %d: result %d %s %+v, want %s %+v", q, limit, i, h.Filepath, h.ScoreBreakdown, full.Results[i].Filepath, full.Results[i].ScoreBreakdown)
				}
			}
		}
	}
}
