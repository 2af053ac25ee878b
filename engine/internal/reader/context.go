package reader

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
)

// Center reads the page at the centre of a context: its ids, title and
// whole body, with the lines of the file the body spans; or, when heading
// (the part of a ref page#Heading after '#') names a section of it
// (answer.Page.FindSection), that section and its lines. A heading the page
// lacks gives the whole body with MissingHeading set. ref is how the caller
// named it, for errors. The page read is returned too (its header and body),
// for SectionLinks.
func Center(ctx context.Context, q store.Querier, id int64, ref, heading string) (answer.ContextCenter, answer.Page, error) {
	// A page's header and body, and its sections when the index does not
	// know where the body starts (Page.BodyLine), give the lines.
	p := answer.Page{}
	err := pageread.PageHeader(ctx, q, id, &p)
	if err == nil {
		p.Content, err = Body(ctx, q, id)
	}
	if err == nil && p.BodyStart == 0 {
		p.Sections, err = pageread.PageSections(ctx, q, id, nil)
	}
	if err != nil {
		return answer.ContextCenter{}, answer.Page{}, fmt.Errorf("read page %s: %w", ref, err)
	}
	first, last := p.BodyLine(), p.LastLine()
	c := answer.ContextCenter{DocID: p.DocID, Filepath: p.Filepath, Title: p.Title, Content: p.Content,
		StartLine: first, EndLine: last, TotalLines: last}
	if heading == "" {
		return c, p, nil
	}
	if s, err := p.FindSection(heading); err == nil {
		c.Section, c.Content, c.StartLine, c.EndLine = s.Heading, s.Content+"\n", s.StartLine, s.EndLine
	} else {
		// The whole page, as a link with a stale heading leads to it.
		c.MissingHeading = heading
	}
	return c, p, nil
}
