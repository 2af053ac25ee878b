package index

// Section sizes, in estimated tokens (see EstimateTokens).
const (
	// MaxSectionTokens: a longer section is split at block boundaries.
	MaxSectionTokens = 256
	// MinSectionTokens: a shorter section is merged into the previous one.
	MinSectionTokens = 32
)

// headingInfo describes a top-level H2/H3 heading that opens a section.
type headingInfo struct {
	text   string
	anchor string
	path   string
}

// sectionPart is a section under construction; lines are 0-based body lines.
type sectionPart struct {
	heading headingInfo
	level   int
	start   int
	end     int
}

// rawSection is the run of top-level blocks from one H2/H3 heading (or the
// body start) to the next.
type rawSection struct {
	heading headingInfo
	level   int
	blocks  []mdBlock
}

// buildSections applies the rules stated in the package documentation:
// cut at top-level H2/H3, drop an empty section 0, split long sections at
// block boundaries, merge tiny sections into the previous one.
// hasLink reports whether a body line holds a link.
func buildSections(blocks []mdBlock, ls *bodyLines, hasLink func(from, to int) bool) []sectionPart {
	var raws []rawSection
	cur := rawSection{}
	for i := range blocks {
		b := &blocks[i]
		if b.level == 2 || b.level == 3 {
			if cur.level != 0 || len(cur.blocks) > 0 {
				raws = append(raws, cur)
			}
			cur = rawSection{heading: b.heading, level: b.level}
		}
		cur.blocks = append(cur.blocks, *b)
	}
	if cur.level != 0 || len(cur.blocks) > 0 {
		raws = append(raws, cur)
	}
	// A section 0 of H1 headings only is kept: its heading is the page's
	// title as written, found nowhere else in the index when the first
	// H2 follows it (an ADR's "# Use PostgreSQL" then "## Status"); but
	// nothing joins it, so the first H2's text keeps its own heading.
	titleOnly := len(raws) > 1 && raws[0].level == 0 && emptySection0(raws[0], hasLink)

	var parts []sectionPart
	for _, r := range raws {
		parts = append(parts, splitSection(r, ls)...)
	}

	var out []sectionPart
	for i, p := range parts {
		// A tiny part joins the one before while that stays within
		// MaxSectionTokens: a run of thousands of one-line sections (a
		// glossary) becomes sections of a searchable size, not one.
		if n := len(out); n > 0 && !(titleOnly && i == 1) && ls.tokens(p.start, p.end) < MinSectionTokens &&
			ls.tokens(out[n-1].start, p.end) <= MaxSectionTokens {
			out[n-1].end = p.end
			continue
		}
		out = append(out, p)
	}
	return out
}

// emptySection0 reports whether the text before the first H2/H3 holds
// nothing but H1 headings without links: the page's title, which nothing
// joins (buildSections).
func emptySection0(r rawSection, hasLink func(from, to int) bool) bool {
	for _, b := range r.blocks {
		if b.level != 1 || hasLink(b.start, b.end) {
			return false
		}
	}
	return true
}

// splitSection cuts a section over MaxSectionTokens before a block that
// would push the current part over the limit. Blocks are never cut, so a
// fenced code block, table, list or block quote stays whole however big,
// and a part never ends right after a heading.
func splitSection(r rawSection, ls *bodyLines) []sectionPart {
	if len(r.blocks) == 0 {
		return nil
	}
	var parts []sectionPart
	cur := sectionPart{heading: r.heading, level: r.level, start: r.blocks[0].start, end: r.blocks[0].end}
	hasBody := false
	for i, b := range r.blocks {
		if i > 0 && hasBody && ls.tokens(cur.start, b.end) > MaxSectionTokens {
			parts = append(parts, cur)
			cur = sectionPart{heading: r.heading, level: r.level, start: b.start}
			hasBody = false
		}
		if b.level == 0 {
			hasBody = true
		}
		cur.end = b.end
	}
	return append(parts, cur)
}
