package suggest

import (
	"cmp"
	"context"
	"slices"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
	"github.com/ubp-dev/ubp/graph"
)

// Pair is two similar sections (A < B by id).
type Pair struct {
	A, B  int64
	Score float64
}

// Pairs finds section pairs of different documents with a similarity of
// at least minScore: by the cosine of their vectors when vectors says the
// project embeds (its provider is not "none") and there are vectors to
// compare (see VectorPairs), else by their keywords (keywordPairs).
func Pairs(ctx context.Context, q store.Querier, secs map[int64]*sectionrows.Row, minScore float64, vectors bool) ([]Pair, error) {
	if vectors {
		pairs, ok, err := VectorPairs(ctx, q, secs, minScore)
		if err != nil || ok {
			return pairs, err
		}
	}
	return keywordPairs(secs, minScore), nil
}

// Pick keeps the best pair per unlinked document pair, best first (ties by
// paths), up to limit, as the suggestions SuggestLinks answers.
func Pick(pairs []Pair, secs map[int64]*sectionrows.Row, meta map[int64]*docmeta.Meta, g *graph.Graph, limit int) []answer.LinkSuggestion {
	linked := func(a, b int64) bool {
		for _, e := range g.Out(a) {
			if e.To == b {
				return true
			}
		}
		for _, e := range g.In(a) {
			if e.From == b {
				return true
			}
		}
		return false
	}
	type docPair struct{ a, b int64 }
	best := map[docPair]Pair{}
	for _, p := range pairs {
		sa, sb := secs[p.A], secs[p.B]
		if sa == nil || sb == nil || sa.Doc == sb.Doc || meta[sa.Doc] == nil || meta[sb.Doc] == nil {
			continue
		}
		k := docPair{min(sa.Doc, sb.Doc), max(sa.Doc, sb.Doc)}
		if cur, ok := best[k]; ok && (cur.Score > p.Score || cur.Score == p.Score && cur.A < p.A) {
			continue
		}
		if linked(k.a, k.b) {
			continue
		}
		best[k] = p
	}
	out := []answer.LinkSuggestion{}
	for _, p := range best {
		sa, sb := secs[p.A], secs[p.B]
		if meta[sa.Doc].Filepath > meta[sb.Doc].Filepath {
			sa, sb = sb, sa
		}
		out = append(out, answer.LinkSuggestion{
			SourceFilepath: meta[sa.Doc].Filepath, SourceHeading: sa.HeadingPath, SourceLine: sa.StartLine,
			TargetFilepath: meta[sb.Doc].Filepath, TargetHeading: sb.HeadingPath, TargetLine: sb.StartLine,
			Score: answer.RoundScore(p.Score),
		})
	}
	slices.SortFunc(out, func(a, b answer.LinkSuggestion) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.SourceFilepath, b.SourceFilepath),
			cmp.Compare(a.TargetFilepath, b.TargetFilepath), cmp.Compare(a.SourceLine, b.SourceLine))
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}
