package reader

import (
	"context"
	"fmt"
	"slices"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// SectionLinks are the first hops of a context centred on a section of
// page p (document id; c from Center, c.Section set), by the document they
// reach: the resolved links written on the section's lines (outlinks) and
// the links from other documents to a heading that names the section or
// one of its subsections (backlinks; the heading is looked up in the
// whole page, as get_page reads page#Heading, so a heading two sections
// share names the first one). A document the section reaches several ways
// keeps the way graph.BFS would choose (outlink first, then the first
// link type of index.LinkTypes). With types, only links of those types
// count (nil or empty: every type).
func SectionLinks(ctx context.Context, q store.Querier, id int64, p answer.Page, c answer.ContextCenter, types []index.LinkType) (map[int64]graph.Hop, error) {
	first := map[int64]graph.Hop{}
	if c.Section == "" {
		return first, nil
	}
	add := func(other int64, h graph.Hop) {
		if len(types) > 0 && !slices.Contains(types, h.LinkType) {
			return
		}
		h.ID, h.Depth, h.Parent, h.FirstDirection = other, 1, id, h.Direction
		if cur, ok := first[other]; !ok || graph.PreferHop(h, cur) {
			first[other] = h
		}
	}
	out, err := pageread.OutlinksOnLines(ctx, q, id, c.StartLine, c.EndLine)
	if err != nil {
		return nil, fmt.Errorf("read the links of section %q of %s: %w", c.Section, c.Filepath, err)
	}
	for _, l := range out {
		add(l.Other, graph.Hop{Direction: graph.Outlink, LinkType: l.Type})
	}
	in, err := pageread.HeadingBacklinks(ctx, q, id)
	if err != nil {
		return nil, fmt.Errorf("read the links to section %q of %s: %w", c.Section, c.Filepath, err)
	}
	inSection := map[string]bool{} // by heading as written
	outline := p.Outline()
	for _, l := range in {
		ok, seen := inSection[l.Heading]
		if !seen {
			s, err := p.FindSectionIn(outline, l.Heading)
			ok = err == nil && c.StartLine <= s.StartLine && s.StartLine <= c.EndLine
			inSection[l.Heading] = ok
		}
		if ok {
			add(l.Other, graph.Hop{Direction: graph.Backlink, LinkType: l.Type})
		}
	}
	return first, nil
}
