package reader

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
)

// markMissingHeadings sets HeadingMissing on the links of p (document id,
// read whole) that name a heading their page lacks: the outlinks against
// the outline of each page they resolve to (read once a page), the
// backlinks against p's own; a heading one of the target's indexed
// sections has is found without reading its body. A heading is missing when FindSection does
// not find it, so such a link is exactly one that get-page target#heading
// answers with the whole page (missing_heading).
func markMissingHeadings(ctx context.Context, q store.Querier, id int64, p *answer.Page) error {
	for i := range p.Backlinks {
		if l := &p.Backlinks[i]; l.TargetHeading != "" {
			_, err := p.FindSection(l.TargetHeading)
			l.HeadingMissing = err != nil
		}
	}
	var targets map[string]*pageread.HeadingTarget
	pages := map[string]answer.Page{p.DocID: *p}
	for i := range p.Outlinks {
		l := &p.Outlinks[i]
		if !l.Resolved || l.TargetHeading == "" {
			continue
		}
		t, ok := pages[l.DocID]
		if !ok {
			if targets == nil {
				var err error
				if targets, err = pageread.HeadingTargets(ctx, q, id); err != nil {
					return err
				}
			}
			ht := targets[l.DocID]
			if ht == nil {
				continue // not a heading link's target: cannot happen within one read
			}
			// A heading of an indexed section (an H2 or H3) is in the
			// outline: most links name one, and need no body read.
			if answer.NamesSection(ht.Sections, l.TargetHeading) {
				continue
			}
			var err error
			if t, err = outlinePage(ctx, q, ht.ID); err != nil {
				return fmt.Errorf("read linked page %s: %w", l.Filepath, err)
			}
			pages[l.DocID] = t
		}
		_, err := t.FindSection(l.TargetHeading)
		l.HeadingMissing = err != nil
	}
	return nil
}

// outlinePage reads what FindSection needs of document id: its header,
// body and indexed sections.
func outlinePage(ctx context.Context, q store.Querier, id int64) (answer.Page, error) {
	p := answer.Page{}
	if err := pageread.PageHeader(ctx, q, id, &p); err != nil {
		return p, err
	}
	var err error
	if p.Content, err = Body(ctx, q, id); err != nil {
		return p, err
	}
	p.Sections, err = pageread.PageSections(ctx, q, id, nil)
	return p, err
}

// brokenAnchors counts the links of the index that name a heading their
// page lacks, as markMissingHeadings decides it for one page (a heading of
// an indexed section needs no body read; for another the page is read and
// outlined, once), and returns the first limit of them.
func brokenAnchors(ctx context.Context, q store.Querier, limit int) (int, []answer.BrokenAnchor, error) {
	links, sections, err := pageread.HeadingLinks(ctx, q)
	if err != nil {
		return 0, nil, err
	}
	n, list := 0, []answer.BrokenAnchor{}
	pages := map[int64]answer.Page{}
	for _, l := range links {
		if answer.NamesSection(sections[l.TargetID], l.Heading) {
			continue
		}
		p, ok := pages[l.TargetID]
		if !ok {
			if p, err = outlinePage(ctx, q, l.TargetID); err != nil {
				return 0, nil, fmt.Errorf("read linked page %s: %w", l.Target, err)
			}
			pages[l.TargetID] = p
		}
		if _, err := p.FindSection(l.Heading); err == nil {
			continue
		}
		n++
		if len(list) < limit {
			list = append(list, l.BrokenAnchor)
		}
	}
	return n, list, nil
}
