package mcpserver

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine"
)

// excerptBytes bounds sections[].content of ubp_search.
const excerptBytes = 600

// searchOutput is the answer of ubp_search: the engine's answer, with each
// matching section's content as the tool spec names it. SearchHit and
// SectionMatch are embedded, so every field the ranking adds to them (raw
// evidence, a relevance level) is carried as it is; describe new fields
// in tuneSearch and refresh the schema snapshots.
type searchOutput struct {
	Results    []searchHitOutput `json:"results"`
	TotalFound int               `json:"total_found"`
	// TotalFoundLowerBound is engine.SearchResult's.
	TotalFoundLowerBound bool   `json:"total_found_lower_bound,omitempty"`
	SearchType           string `json:"search_type"`
	Match                string `json:"match"`
	QueryCut             string `json:"query_cut,omitempty" jsonschema:"Set when the query was longer than search reads (its first 1,000 characters, their first 48 distinct words and phrases): what was left out. Absent otherwise."`
}

// searchHitOutput is one result of ubp_search: the engine's hit (its
// changed_refs included, read with its staleness) with its sections'
// excerpts.
type searchHitOutput struct {
	engine.SearchHit
	Sections []searchSectionOutput `json:"sections"`
}

type searchSectionOutput struct {
	engine.SectionMatch
	Content string `json:"content" jsonschema:"The start of the section's text, heading line left out: at most 600 bytes, cut after the last whole line (or word) that fits and then marked with a final …; snippet shows the text around the match."`
}

// withSectionContent adds each matching section's excerpt to r.
func withSectionContent(ctx context.Context, e Engine, r engine.SearchResult) (searchOutput, error) {
	var ids []int64
	for _, h := range r.Results {
		for _, s := range h.Sections {
			ids = append(ids, s.SectionID)
		}
	}
	texts, err := e.SectionTexts(ctx, ids)
	if err != nil {
		return searchOutput{}, err
	}
	out := searchOutput{Results: make([]searchHitOutput, 0, len(r.Results)), TotalFound: r.TotalFound, TotalFoundLowerBound: r.TotalFoundLowerBound, SearchType: r.SearchType, Match: r.Match, QueryCut: r.QueryCut}
	for _, h := range r.Results {
		ho := searchHitOutput{SearchHit: h, Sections: make([]searchSectionOutput, 0, len(h.Sections))}
		for _, s := range h.Sections {
			s, text := underMatch(s, texts[s.SectionID])
			ho.Sections = append(ho.Sections, searchSectionOutput{SectionMatch: s, Content: excerpt(text, excerptBytes)})
		}
		ho.SearchHit.Sections = nil
		out.Results = append(out.Results, ho)
	}
	return out, nil
}

// excerpt is the start of a section's text without its heading line, at
// most limit bytes: cut after the last line break, else the last space,
// in the second half of the limit, else at a whole rune, and then ended
// with "…".
func excerpt(text string, limit int) string {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "#") {
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			text = strings.TrimSpace(text[i+1:])
		} else {
			text = ""
		}
	}
	if len(text) <= limit {
		return text
	}
	const mark = "…"
	cut := limit - len(mark)
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	head := text[:cut]
	if i := strings.LastIndexByte(head, '\n'); i >= cut/2 {
		head = head[:i]
	} else if i := strings.LastIndexByte(head, ' '); i >= cut/2 {
		head = head[:i]
	}
	return strings.TrimRight(head, " \n") + mark
}

// underMatch narrows a matching section to the part under the heading its
// match is under. The index merges a section too small to stand alone into
// the one before it, so a section's text can hold further headings; the
// engine names the one above the snippet's first match (Heading, Line),
// and here the line range and the text to excerpt become that part's
// (answer.PartUnder: from the heading above the match, as the engine finds
// it, to the next heading, which may be a merged section's after a match
// under the section's own heading). It returns the section and the text to
// excerpt.
func underMatch(s engine.SectionMatch, text string) (engine.SectionMatch, string) {
	from, to := engine.PartUnder(text, s.Line-s.StartLine)
	if from == 0 && to >= strings.Count(strings.TrimSuffix(text, "\n"), "\n") {
		return s, text // the whole section is under the match's heading
	}
	lines := strings.Split(text, "\n")
	first := s.StartLine
	s.StartLine = first + from
	s.EndLine = min(s.EndLine, first+to)
	return s, strings.Join(lines[from:min(to+1, len(lines))], "\n")
}
