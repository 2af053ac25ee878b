package engine

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/params"
	"github.com/ubp-dev/ubp/engine/internal/reader"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/graph"
)

// GetContext returns a page and its graph neighbours up to Depth links away
// in both directions, nearest first (then by file path), through links
// of LinkTypes only when it is set (unknown types are an ArgumentError on
// link_types). A page named
// as page#Heading centres on that section (Center.Section: its heading to
// the next heading of the same or a higher level, as GetPage reads it); a
// heading the page lacks gives the whole page with Center.MissingHeading
// set. Each neighbour carries the link it was reached by (its type and
// direction, from the page before it on the path: Via, the first by file
// path of the pages it can be reached through, or the centre at depth 1),
// its depth and a summary (the first 500 characters of its
// body). Around a section, the neighbours are still the page's (depth
// counts links from the page), but those reached through the section's
// own links (written in it, or to it or one of its subsections) come
// first, with Scope "section", and then the rest, with Scope "page", each
// part nearest first (see sectionFirst).
//
// MaxSize bounds TotalSize, the bytes of the result as compact JSON (no HTML
// escaping, as the CLI and MCP print it, minus indentation). When the
// result is larger, the centre and the neighbours each have at least half
// of the room (ContextResult.Fit): the farthest neighbours are dropped
// (TruncatedCount says how many) and the centre's content is cut at a line
// boundary, before a heading when one is near, not inside a code block
// when cutting before it keeps half (Center.Truncated, with the
// lines it holds and Center.NextStartLine to read on from with GetPage);
// a line longer than MaxSize after those is started, to the character
// that fits (Center.NextStartColumn, the column GetPage reads on from). A
// MaxSize too small even for an empty centre returns that, larger than
// asked.
func (e *Engine) GetContext(ctx context.Context, opts ContextOptions) (_ ContextResult, err error) {
	defer e.explainDamage(&err)
	if strings.TrimSpace(opts.Page) == "" {
		return ContextResult{}, &ArgumentError{Param: "page", Message: answer.EmptyPage}
	}
	depth, err := params.Depth(opts.Depth, DefaultSearchDepth, MaxSearchDepth)
	if err != nil {
		return ContextResult{}, err
	}
	if err := params.LinkTypes(opts.LinkTypes); err != nil {
		return ContextResult{}, err
	}
	maxSize := opts.MaxSize
	if maxSize == 0 {
		maxSize = DefaultContextSize
	}
	if maxSize < 0 {
		return ContextResult{}, &ArgumentError{Param: "max_size", Message: fmt.Sprintf("must be positive, got %d", maxSize)}
	}
	proj := e.Project()
	m, err := e.resolvePageRef(ctx, proj, opts.Page)
	if err != nil {
		return ContextResult{}, err
	}
	id := m.ID
	var res ContextResult
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		// Only the links (of LinkTypes) within depth hops of the page, not
		// the whole graph.
		links, err := e.links.Neighbourhood(ctx, tx, opts.LinkTypes)
		if err != nil {
			return err
		}
		if err := links.Within(ctx, tx, []int64{id}, depth); err != nil {
			return fmt.Errorf("load link graph: %w", err)
		}
		// The walk reaches the same pages in any order; in the order of
		// their file paths it lists them, and picks the page each is
		// reached through (via), as an index of the same files built
		// afresh does: by ids, the order their rows were written, a page
		// added later came after its equals.
		meta := map[int64]*docmeta.Meta{}
		reached := links.Graph().BFS([]int64{id}, depth, nil)
		ids := make([]int64, 0, len(reached)+1)
		ids = append(ids, id)
		for _, h := range reached {
			ids = append(ids, h.ID)
		}
		if err := e.docs.Add(ctx, tx, meta, ids); err != nil {
			return err
		}
		byPath := func(a, b int64) int {
			var pa, pb string
			if d := meta[a]; d != nil {
				pa = d.Filepath
			}
			if d := meta[b]; d != nil {
				pb = d.Filepath
			}
			return cmp.Or(strings.Compare(pa, pb), cmp.Compare(a, b))
		}
		hops := links.Graph().BFSBy([]int64{id}, depth, nil, byPath) // sorted by depth, then path
		var page answer.Page
		if res.Center, page, err = reader.Center(ctx, tx, id, opts.Page, m.Fragment); err != nil {
			return err
		}
		res.Center.AlsoMatches = m.Others
		var inSection map[int64]bool // nil: the centre is the whole page
		if res.Center.Section != "" {
			first, err := reader.SectionLinks(ctx, tx, id, page, res.Center, opts.LinkTypes)
			if err != nil {
				return err
			}
			hops, inSection = sectionFirst(links.Graph(), hops, first, byPath)
		}
		// Neighbours are read nearest first, a batch at a time, until
		// they alone overflow the budget: Fit would drop the rest, so
		// their pages are never read (a hub page's two hops are most of
		// the corpus: 4.9 s at 30,000 documents for a 15 KB answer).
		// However long the centre, they have their share (Fit).
		res.Related = []ContextNeighbour{}
		used := 0
		for start := 0; start < len(hops) && res.TruncatedCount == 0; start += contextBatch {
			batch := hops[start:min(len(hops), start+contextBatch)]
			ids := make([]int64, len(batch))
			for i, h := range batch {
				ids[i] = h.ID
			}
			if err := e.docs.Add(ctx, tx, meta, ids); err != nil {
				return err
			}
			for i, h := range batch {
				if used > maxSize {
					res.TruncatedCount = len(hops) - start - i
					break
				}
				n, ok, err := neighbour(ctx, tx, meta, h)
				if err != nil {
					return err
				}
				if !ok {
					continue
				}
				if inSection != nil {
					n.Scope = scopePage
					if inSection[h.ID] {
						n.Scope = scopeSection
					}
				}
				c, err := answer.NeighbourSize(n)
				if err != nil {
					return err
				}
				used += c
				res.Related = append(res.Related, n)
			}
		}
		return nil
	})
	if err != nil {
		return ContextResult{}, err
	}
	return res.Fit(maxSize)
}

// contextBatch is how many neighbours GetContext reads metadata for at once.
const contextBatch = 32

// neighbour is the related page of hop h, with its summary; false when the
// page was deleted meanwhile.
func neighbour(ctx context.Context, tx store.Querier, meta map[int64]*docmeta.Meta, h graph.Hop) (ContextNeighbour, bool, error) {
	d := meta[h.ID]
	if d == nil {
		return ContextNeighbour{}, false, nil
	}
	summary, err := docSummary(ctx, tx, h.ID)
	if err != nil {
		return ContextNeighbour{}, false, err
	}
	n := ContextNeighbour{
		DocID: d.DocID, Filepath: d.Filepath, Title: d.Title,
		LinkType: h.LinkType, Direction: string(h.Direction),
		Summary: summary, Depth: h.Depth,
	}
	if p := meta[h.Parent]; h.Depth > 1 && p != nil {
		n.Via = p.Filepath
	}
	return n, true, nil
}

// summaryRunes is the length of a linked page's summary.
const summaryRunes = 500

// docSummary is the first summaryRunes characters of a document's body.
func docSummary(ctx context.Context, tx store.Querier, id int64) (string, error) {
	body, err := reader.Body(ctx, tx, id)
	if err != nil {
		return "", fmt.Errorf("read document %d: %w", id, err)
	}
	return query.Summary(body, summaryRunes), nil
}
