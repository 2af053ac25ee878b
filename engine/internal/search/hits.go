package search

import (
	"context"
	"fmt"
	"strings"

	"github.com/ubp-dev/ubp/engine/stale"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/fulltext"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/ranking"
)

// maxHitSections is the number of sections one hit shows.
const maxHitSections = 3

// Staleness is a hit's staleness as the engine's snapshot says it: its
// level ("" for untracked) and, when not fresh, the reason and the source
// refs that changed.
type Staleness struct {
	Level       stale.Level
	Reason      *answer.StaleReason
	ChangedRefs []answer.RefStatus
}

// Shown filters the fused documents by doc_type, orders them and returns
// the limit best: the hits the answer shows (see Answer). It counts the
// documents with content evidence among all of them (TotalFound).
func (s *Run) Shown() []int64 {
	s.scores = s.fused // read only from here on
	if s.opts.DocType != "" {
		s.scores = map[int64]float64{}
		for id, sc := range s.fused {
			if string(s.meta[id].DocType) == s.opts.DocType {
				s.scores[id] = sc
			}
		}
	}
	s.total = s.countMatched(s.scores)
	ids := topDocs(s.scores, s.meta, s.limit)
	s.shown = ids
	return ids
}

// Answer builds the hits Shown chose, each with its sections, the reason
// it was found, its staleness (levels, by document) and, as asked, its
// linked pages and signal ranks.
func (s *Run) Answer(ctx context.Context, tx store.Querier, levels map[int64]Staleness) (answer.SearchResult, error) {
	ids := s.shown
	var top float64
	if len(ids) > 0 {
		top = s.scores[ids[0]]
	}
	res := answer.SearchResult{
		Results: []answer.SearchHit{}, TotalFound: s.total, SearchType: s.searchType(), Match: ranking.MatchNone,
		// a term read by its best sections only: its documents beyond
		// them, where no other signal found anything, are not counted
		TotalFoundLowerBound: s.ft.Partial(),
	}
	secs, err := s.hitSections(ctx, tx, ids)
	if err != nil {
		return answer.SearchResult{}, err
	}
	var ranks map[int64]ranking.SignalRanks
	var latentRanks map[int64]int
	if s.opts.Explain {
		ranks, latentRanks = s.ranks(), s.rankBy(s.latent)
	}
	if s.opts.IncludeLinked {
		if err := s.readLinked(ctx, tx, ids); err != nil {
			return answer.SearchResult{}, err
		}
	}
	for _, id := range ids {
		d := s.meta[id]
		sig := s.signals(id)
		level, reason, changed := levels[id].Level, levels[id].Reason, levels[id].ChangedRefs
		if level == "" {
			level = stale.Untracked
		}
		hit := answer.SearchHit{
			DocID:           d.DocID,
			Filepath:        d.Filepath,
			Title:           d.Title,
			DocType:         d.DocType,
			Score:           answer.RoundScore(relative(s.scores[id], top)),
			ScoreBreakdown:  s.breakdown(id, sig),
			RelevanceReason: s.reason(id, secs.paths),
			Staleness:       level,
			StaleReason:     reason,
			ChangedRefs:     changed,
			Sections:        secs.matches[id],
		}
		if s.opts.IncludeLinked {
			var total int
			if hit.LinkedPages, total, err = s.linkedPages(ctx, tx, id); err != nil {
				return answer.SearchResult{}, err
			}
			if total > len(hit.LinkedPages) {
				hit.LinkedTotal = total
			}
		}
		if s.opts.Explain {
			r := ranks[id]
			hit.Explain = []answer.SignalRank{
				{Signal: SignalVector, Rank: r.Vector, Score: answer.RoundScore(s.vec.Raw[id])},
				{Signal: SignalGraph, Rank: r.Graph, Score: answer.RoundScore(s.graphRaw[id])},
				{Signal: SignalFulltext, Rank: r.Fulltext, Score: answer.RoundScore(s.ftRaw[id])},
			}
			if s.latent != nil {
				hit.Explain = append(hit.Explain, answer.SignalRank{Signal: SignalLatent, Rank: latentRanks[id], Score: answer.RoundScore(s.latent[id])})
			}
		}
		hit.Match = ranking.Level(s.matchEvidence(id))
		if matchRank[hit.Match] > matchRank[res.Match] {
			res.Match = hit.Match
		}
		res.Results = append(res.Results, hit)
	}
	return res, nil
}

// relative is score as a share of top, the best shown result's, so the
// best result scores 1 whatever the fusion and whatever a doc_type filter
// left out: fused scores stay below 1 when the best page lacks vector or
// graph evidence, reciprocal-rank sums are small numbers, and a filtered
// answer's best scored 0.38.
func relative(score, top float64) float64 {
	if top <= 0 {
		return score
	}
	return score / top
}

// countMatched counts the documents of scores with content evidence of their
// own (a match level above none: full text, or a vector match at least
// weak); documents reached only through links are shown but not counted.
func (s *Run) countMatched(scores map[int64]float64) int {
	n := 0
	for id := range scores {
		if ranking.Level(s.matchEvidence(id)) != ranking.MatchNone {
			n++
		}
	}
	return n
}

// matchRank orders match levels.
var matchRank = map[string]int{ranking.MatchNone: 0, ranking.MatchWeak: 1, ranking.MatchPartial: 2, ranking.MatchStrong: 3}

// breakdown is a hit's scaled signals and raw evidence.
func (s *Run) breakdown(id int64, sig signalScores) answer.ScoreBreakdown {
	b := answer.ScoreBreakdown{
		VectorSimilarity: answer.RoundScore(sig.Vector),
		GraphProximity:   answer.RoundScore(sig.Graph),
		Fulltext:         answer.RoundScore(sig.Fulltext),
	}
	if d := s.ftDocs[id]; d != nil {
		b.BM25 = answer.RoundScore(d.Score)
	}
	b.Coverage, _, b.Cosine = s.matchEvidence(id)
	if ev, ok := s.graphEv[id]; ok && ev.Score > 0 {
		b.Hops = ev.Hop.Depth
	}
	if c, ok := s.latent[id]; ok {
		b.Latent, b.LatentCosine = answer.RoundScore(sig.Latent), answer.RoundScore(c)
	}
	return b
}

// matchEvidence is what a hit's match level is decided from, as its
// breakdown shows it: the share of the query's concepts full text matched
// (Concepts), whether one of them is specific (fulltext.Doc.Specific) and
// the best cosine of its vector-matched sections, rounded. countMatched
// asks it of every candidate, so it reads only those.
func (s *Run) matchEvidence(id int64) (coverage float64, specific bool, cosine float64) {
	if d := s.ftDocs[id]; d != nil {
		coverage, specific = answer.RoundScore(d.Concepts), d.Specific
	}
	if secs := s.vec.Sections[id]; len(secs) > 0 {
		var best float64
		for _, x := range secs {
			best = max(best, s.vec.Cosine[x.ID])
		}
		cosine = answer.RoundScore(best)
	}
	return coverage, specific, cosine
}

// hitSectionSet is the sections shown for the hits and, by section id,
// the heading path of where each matched (answer.MatchPlace): of the
// sections shown and of those the reasons name.
type hitSectionSet struct {
	matches map[int64][]answer.SectionMatch
	paths   map[int64]string
}

// hitSections picks up to three sections per document: those the vector
// and full-text signals matched, scored like the documents (each signal
// relative to its best section over all documents, weighted by the content
// weights). A document found only through links shows its first section.
func (s *Run) hitSections(ctx context.Context, tx store.Querier, ids []int64) (hitSectionSet, error) {
	var maxVec, maxFt float64
	for _, secs := range s.vec.Sections {
		for _, x := range secs {
			maxVec = max(maxVec, x.Score)
		}
	}
	for _, d := range s.ftDocs {
		for _, x := range d.Sections {
			maxFt = max(maxFt, x.Score)
		}
	}
	wv, wf := s.weights.Vector, 1.0
	if wv+wf == 0 {
		wv, wf = 0.5, 0.5
	}
	chosen := map[int64][]sectionrows.Scored{}
	var need []int64
	for _, id := range ids {
		combined := map[int64]float64{}
		if maxVec > 0 {
			for _, x := range s.vec.Sections[id] {
				combined[x.ID] += wv / (wv + wf) * x.Score / maxVec
			}
		}
		if d := s.ftDocs[id]; d != nil && maxFt > 0 {
			for _, x := range d.Sections {
				combined[x.ID] += wf / (wv + wf) * x.Score / maxFt
			}
			need = append(need, d.BestID)
		}
		list := make([]sectionrows.Scored, 0, len(combined))
		for sid, sc := range combined {
			list = append(list, sectionrows.Scored{ID: sid, Score: sc})
		}
		sectionrows.Sort(list)
		if len(list) > maxHitSections {
			list = list[:maxHitSections]
		}
		if len(list) == 0 {
			if first, ok := sectionrows.First(ctx, tx, id); ok {
				list = []sectionrows.Scored{{ID: first}}
			}
		}
		if secs := s.vec.Sections[id]; len(secs) > 0 {
			need = append(need, secs[0].ID)
		}
		chosen[id] = list
		for _, x := range list {
			need = append(need, x.ID)
		}
	}
	rows, err := sectionrows.Load(ctx, tx, need)
	if err != nil {
		return hitSectionSet{}, err
	}
	out := hitSectionSet{matches: map[int64][]answer.SectionMatch{}, paths: map[int64]string{}}
	// place is where in r the snippet's first match is: its line (-1 for
	// none), the heading it is under and that heading's path.
	place := func(r *sectionrows.Row) (snippet string, at int, heading, path string, err error) {
		snippet, at = query.SnippetLine(r.Content, s.q.Terms, fulltext.SnippetRunes)
		heading, path, err = answer.MatchPlace(r.Heading, r.HeadingPath, r.Level, r.Ord, r.Content, at, func(fn func(string) bool) error {
			return sectionrows.PartsBefore(ctx, tx, r, fn)
		})
		out.paths[r.ID] = path
		return snippet, at, heading, path, err
	}
	for id, list := range chosen {
		ms := []answer.SectionMatch{}
		for _, x := range list {
			r := rows[x.ID]
			if r == nil {
				continue
			}
			m := answer.SectionMatch{
				SectionID: r.ID,
				Heading:   r.Heading,
				StartLine: r.StartLine,
				EndLine:   r.EndLine,
				Line:      r.StartLine,
				Score:     answer.RoundScore(x.Score),
			}
			var at int
			if m.Snippet, at, m.Heading, _, err = place(r); err != nil {
				return hitSectionSet{}, err
			}
			if at >= 0 {
				m.Line = r.StartLine + at
			} else {
				m.Line = r.StartLine + query.ProseLine(r.Content)
			}
			ms = append(ms, m)
		}
		out.matches[id] = ms
	}
	// The sections the reasons name, where not shown.
	for _, id := range ids {
		var named []int64
		if d := s.ftDocs[id]; d != nil {
			named = append(named, d.BestID)
		}
		if secs := s.vec.Sections[id]; len(secs) > 0 {
			named = append(named, secs[0].ID)
		}
		for _, sid := range named {
			if _, done := out.paths[sid]; done || rows[sid] == nil {
				continue
			}
			if _, _, _, _, err := place(rows[sid]); err != nil {
				return hitSectionSet{}, err
			}
		}
	}
	return out, nil
}

// reason explains in plain words why a document was found. It names a
// matched section by the heading path of where it matched (paths, from
// hitSections), as its section line names the heading: a sub-heading's
// path ("Setup > Numbat rules"), not the stored section's ("Setup").
func (s *Run) reason(id int64, paths map[int64]string) string {
	var parts []string
	if d := s.ftDocs[id]; d != nil {
		where := "the opening section"
		if p := paths[d.BestID]; p != "" {
			where = "'" + p + "'"
		}
		// Of every concept of the query: those the corpus does not have
		// at all (no weight in the score) are missing here too.
		terms := max(d.Best.Groups, len(s.q.Groups))
		noun := "query terms"
		if terms == 1 {
			noun = "query term"
		}
		// Partly: concepts found by a less common sense of a translation,
		// or by some of a long word's characters only.
		var p string
		switch {
		case d.Best.Matched == 0 && d.Best.Partly > 0:
			p = fmt.Sprintf("matches %d of %d %s in part in %s", d.Best.Partly, terms, noun, where)
		case d.Best.Partly > 0:
			p = fmt.Sprintf("matches %d of %d %s (%d more in part) in %s", d.Best.Matched, terms, noun, d.Best.Partly, where)
		default:
			p = fmt.Sprintf("matches %d of %d %s in %s", d.Best.Matched, terms, noun, where)
		}
		if d.TitleFactor > 1 {
			p += " and in the title"
		}
		parts = append(parts, p)
	}
	// A cosine below the weak match level's says nothing of meaning: it
	// was shown as "similar in meaning (cosine 0.08)".
	if secs := s.vec.Sections[id]; len(secs) > 0 && ranking.Related(s.vec.Cosine[secs[0].ID]) {
		where := "the opening section"
		if p := paths[secs[0].ID]; p != "" {
			where = "'" + p + "'"
		}
		parts = append(parts, fmt.Sprintf("similar in meaning to %s (cosine %.2f)", where, s.vec.Cosine[secs[0].ID]))
	}
	if c, ok := s.latent[id]; ok && s.scaled[id].Latent >= 0.5 {
		// in the upper half of the documents the latent signal scored
		parts = append(parts, fmt.Sprintf("close to the query's topic in this corpus (latent cosine %.2f)", c))
	}
	if ev, ok := s.graphEv[id]; ok && s.graphRaw[id] > 0 {
		seed := s.meta[ev.Seed]
		switch {
		case seed == nil, ev.Hop.Depth == 0:
		case ev.Hop.Depth == 1 && ev.Hop.Direction == graph.Outlink:
			parts = append(parts, fmt.Sprintf("linked from %s (%s)", seed.Filepath, ev.Hop.LinkType))
		case ev.Hop.Depth == 1:
			parts = append(parts, fmt.Sprintf("links to %s (%s)", seed.Filepath, ev.Hop.LinkType))
		default:
			parts = append(parts, fmt.Sprintf("%d links away from %s", ev.Hop.Depth, seed.Filepath))
		}
	}
	if len(parts) == 0 {
		return "found"
	}
	return strings.Join(parts, "; ")
}
