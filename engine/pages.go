package engine

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"github.com/ubp-dev/ubp/engine/internal/reader"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/graph"
)

// ListPages lists documents, filtered by type and sorted. LinkCount counts
// the page's outgoing links (dangling ones included) and the links from
// other pages that resolve to it.
func (e *Engine) ListPages(ctx context.Context, o ListPagesOptions) (_ ListPagesResult, err error) {
	defer e.explainDamage(&err)
	return e.reader.ListPages(ctx, o)
}

// GetPage returns the whole of one document: ref is its filepath (with or
// without .md, or as seen from the project root), doc_id, title or alias,
// compared without regard to case, optionally followed by "#Heading"
// (Page.Fragment, set when the heading names a section: see FindSection).
// An unknown ref gives a *NotFoundError with the closest filepaths.
func (e *Engine) GetPage(ctx context.Context, ref string) (_ Page, err error) {
	defer e.explainDamage(&err)
	proj := e.Project() // one configuration for the whole answer
	m, err := e.resolvePageRef(ctx, proj, ref)
	if err != nil {
		return Page{}, err
	}
	id := m.ID
	p, err := e.reader.Page(ctx, id, ref)
	if err != nil {
		return Page{}, err
	}
	p.AlsoMatches = m.Others
	if m.Fragment != "" {
		if _, err := p.FindSection(m.Fragment); err == nil {
			p.Fragment = m.Fragment
		} else {
			// The whole page, as a link with a stale heading leads to it.
			p.MissingHeading = m.Fragment
		}
	}
	st, err := e.pageStaleness(ctx, proj, id)
	if err != nil {
		return Page{}, fmt.Errorf("get page %s: %w", ref, err)
	}
	p.Staleness, p.StaleReason, p.SourceRefs, p.StaleRefs = st.level, st.reason, st.refs, st.staleRefs
	if p.SourceRefs == nil {
		p.SourceRefs = []RefStatus{}
	}
	if p.StaleRefs == nil {
		p.StaleRefs = []string{}
	}
	return p, nil
}

// ResolvePage finds the document a user or agent means by ref: its
// filepath (relative to the docs folder, with or without .md; also
// accepted as written from the project root or as an absolute path) or its
// doc_id; otherwise the document [[ref]] in a file at the docs root links
// to (graph.Resolver: path, file name or path suffix, alias, title, the
// last three ignoring case; ties go to the shallowest path); then a path
// ignoring case. An unknown ref gives a *NotFoundError listing up to 5 closest
// filepaths; an empty ref gives an *ArgumentError.
func (e *Engine) ResolvePage(ctx context.Context, ref string) (id int64, filepath string, err error) {
	defer e.explainDamage(&err)
	m, err := e.resolvePageRef(ctx, e.Project(), ref)
	return m.ID, m.Filepath, err
}

// SectionTexts returns the Markdown of the given sections (as
// SectionMatch.SectionID names them), keyed by id; ids that no longer
// exist are absent. Its cost follows len(ids): one batched read.
func (e *Engine) SectionTexts(ctx context.Context, ids []int64) (_ map[int64]string, err error) {
	defer e.explainDamage(&err)
	return e.reader.SectionTexts(ctx, ids)
}

// LoadGraph returns the in-memory document graph: every document as a
// node, every resolved link as a typed edge. The graph is read once and kept
// until the documents, sections or links change (the search_generation and
// link_generation counters move); callers must not modify it.
func (e *Engine) LoadGraph(ctx context.Context) (_ *graph.Graph, err error) {
	defer e.explainDamage(&err)
	var g *graph.Graph
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		var gen graphGeneration
		var err error
		if gen.docs, gen.links, err = store.Generations(ctx, tx); err != nil {
			return fmt.Errorf("read generations: %w", err)
		}
		e.graph.mu.Lock()
		defer e.graph.mu.Unlock()
		if e.graph.g != nil && e.graph.gen == gen {
			g = e.graph.g
			return nil
		}
		built, err := reader.LinkGraph(ctx, tx)
		if err != nil {
			return err
		}
		g = built
		e.graph.g, e.graph.gen = built, gen
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load graph: %w", err)
	}
	return g, nil
}

// graphGeneration identifies the state of the index a cached graph was
// read from.
type graphGeneration struct{ docs, links int64 }

// graphCache is the engine's last link graph and the state it was read at.
type graphCache struct {
	mu  sync.Mutex
	gen graphGeneration
	g   *graph.Graph
}
