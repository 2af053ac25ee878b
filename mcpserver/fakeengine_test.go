package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine"
)

// fakeEngine implements Engine without an index, for protocol tests: its
// Search blocks until the request's context ends (and records that it
// did), its ListPages returns pages padded to pageBytes bytes each, and
// everything else answers small fixed values.
type fakeEngine struct {
	project   *engine.Project
	pages     int    // ListPages answers this many pages
	pageBytes int    // ... each with a title this long
	content   string // GetPage and GetContext answer this content

	yielded func() // called by YieldWarmUp when set

	started   chan struct{} // a blocking Search started
	cancelled chan struct{} // a blocking Search saw its context end
}

func newFakeEngine(t testing.TB) *fakeEngine {
	return &fakeEngine{
		project:   &engine.Project{Root: t.TempDir()},
		pages:     3,
		content:   "# Fake\n\nText with <angle brackets> & ampersands.",
		started:   make(chan struct{}, 16),
		cancelled: make(chan struct{}, 16),
	}
}

func (f *fakeEngine) Search(ctx context.Context, o engine.SearchOptions) (engine.SearchResult, error) {
	if o.Query == "block" {
		f.started <- struct{}{}
		<-ctx.Done()
		f.cancelled <- struct{}{}
		return engine.SearchResult{}, ctx.Err()
	}
	if o.Query == "slow" { // longer than testLimits.Write
		select {
		case <-time.After(4 * testLimits.Write):
		case <-ctx.Done():
			return engine.SearchResult{}, ctx.Err()
		}
	}
	if o.Query == "damaged" { // an engine error with a remedy
		return engine.SearchResult{}, fmt.Errorf("search: %w", &engine.RemedyError{
			Err: errors.New("read vector cells: cell 3 follows 2 cells"), Remedy: engine.RemedyRebuild})
	}
	if o.Query == "stale" {
		return engine.SearchResult{Results: []engine.SearchHit{{DocID: "d1", Filepath: "s.md", Title: "S", DocType: "design",
			Staleness: "stale", Match: "strong", RelevanceReason: "found", Sections: []engine.SectionMatch{},
			ChangedRefs: []engine.RefStatus{{Ref: "main.go", Line: 4, Changed: true, Reason: "modified"}}}}, TotalFound: 1, SearchType: "fulltext", Match: "strong"}, nil
	}
	return engine.SearchResult{Results: []engine.SearchHit{}, SearchType: "fulltext", Match: "none"}, nil
}

func (f *fakeEngine) SectionTexts(_ context.Context, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	for _, id := range ids {
		out[id] = f.content
	}
	return out, nil
}

func (f *fakeEngine) FulltextSearch(context.Context, engine.FulltextOptions) (engine.FulltextResult, error) {
	return engine.FulltextResult{Results: []engine.FulltextHit{}}, nil
}

func (f *fakeEngine) GetPage(_ context.Context, ref string) (engine.Page, error) {
	return engine.Page{DocID: "d1", Filepath: ref, Title: "Fake", DocType: "design", Content: f.content, Staleness: "untracked",
		SourceRefs: []engine.RefStatus{{Ref: "main.go", Line: 4, Changed: true, Reason: "modified"}, {Ref: "ok.go", Line: 5}},
		Sections:   []engine.PageSection{{Heading: "Fake", Anchor: "fake", Content: f.content, StartLine: 1, EndLine: 3}}}, nil
}

func (f *fakeEngine) GetContext(_ context.Context, o engine.ContextOptions) (engine.ContextResult, error) {
	return engine.ContextResult{Center: engine.ContextCenter{DocID: "d1", Filepath: o.Page, Title: "Fake", Content: f.content}}, nil
}

func (f *fakeEngine) ListPages(_ context.Context, o engine.ListPagesOptions) (engine.ListPagesResult, error) {
	res := engine.ListPagesResult{Total: f.pages}
	for i := o.Offset; i < f.pages && (o.Limit == 0 || i < o.Offset+o.Limit); i++ {
		res.Pages = append(res.Pages, engine.PageSummary{DocID: "d", Filepath: "p.md", Title: strings.Repeat("t", f.pageBytes), DocType: "design"})
	}
	return res, nil
}

func (f *fakeEngine) GetGraph(context.Context, engine.GraphOptions) (engine.GraphResult, error) {
	return engine.GraphResult{}, nil
}

func (f *fakeEngine) WarmUp() {}
func (f *fakeEngine) YieldWarmUp() {
	if f.yielded != nil {
		f.yielded()
	}
}
func (f *fakeEngine) Project() *engine.Project { return f.project }
func (f *fakeEngine) WatchCaughtUpBy(ctx context.Context, catchUp func(context.Context) error, _ func(engine.IndexReport, error)) error {
	if catchUp != nil {
		if err := catchUp(ctx); err != nil {
			return err
		}
	}
	<-ctx.Done()
	return nil
}

// fakeOpts are the options of a server over a fakeEngine.
var fakeOpts = quiet
