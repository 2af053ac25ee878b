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
	// The raw sections and their parts are made one at a time, merged as
	// they come: a file of 380,000 headings has as many, and only its
	// merged sections are kept.
	var out []sectionPart
	titleOnly, n := false, 0
	add := func(r rawSection) {
		if n == 0 && r.level == 0 {
			// A section 0 of H1 headings only is kept: its heading is
			// the page's title as written, found nowhere else in the
			// index when the first H2 follows it (an ADR's "# Use
			// PostgreSQL" then "## Status"); but nothing joins it, so
			// the first H2's text keeps its own heading.
			titleOnly = len(r.blocks) < len(blocks) && emptySection0(r, hasLink)
		}
		for _, p := range splitSection(r, ls) {
			// A tiny part joins the one before while that stays within
			// MaxSectionTokens: a run of thousands of one-line sections
			// (a glossary) becomes sections of a searchable size, not
			// one.
			if k := len(out); k > 0 && !(titleOnly && n == 1) && ls.tokens(p.start, p.end) < MinSectionTokens &&
				ls.tokens(out[k-1].start, p.end) <= MaxSectionTokens {
				out[k-1].end = p.end
			} else {
				out = append(out, p)
			}
			n++
		}
	}
	cur, from := rawSection{}, 0
	for i := range blocks {
		b := &blocks[i]
		if b.level == 2 || b.level == 3 {
			if cur.level != 0 || i > from {
				cur.blocks = blocks[from:i]
				add(cur)
			}
			cur, from = rawSection{heading: b.heading, level: b.level}, i
		}
	}
	if cur.level != 0 || len(blocks) > from {
		cur.blocks = blocks[from:]
		add(cur)
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
// and a part never ends right after a heading: a cut that would fall
// between sub-headings (#### and deeper, inside the section) and their
// text goes before them, so they open the next part (until 2026-11-28 the
// part before ended with them and the next held their text without them).
func splitSection(r rawSection, ls *bodyLines) []sectionPart {
	if len(r.blocks) == 0 {
		return nil
	}
	var parts []sectionPart
	cur := sectionPart{heading: r.heading, level: r.level, start: r.blocks[0].start, end: r.blocks[0].end}
	hasBody := false // the part holds a block of text, not only headings
	trail := -1      // the first of the headings the part ends with; -1: it ends with text
	bodyEnd := 0     // the last line of the part's last block of text
	for i, b := range r.blocks {
		if i > 0 && hasBody && ls.tokens(cur.start, b.end) > MaxSectionTokens {
			next := sectionPart{heading: r.heading, level: r.level, start: b.start}
			if trail >= 0 {
				next.start, next.end = r.blocks[trail].start, cur.end
				cur.end = bodyEnd
			}
			parts = append(parts, cur)
			cur = next
			hasBody = false
		}
		if b.level == 0 {
			hasBody, trail, bodyEnd = true, -1, b.end
		} else if trail < 0 {
			trail = i
		}
		cur.end = b.end
	}
	return append(parts, cur)
}
