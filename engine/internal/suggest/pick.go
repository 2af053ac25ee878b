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
// compare (see VectorPairs), else by their keywords (keywordPairs). docs
// maps the sections compared to their documents (see
// sectionrows.AllDocuments).
func Pairs(ctx context.Context, q store.Querier, docs map[int64]int64, minScore float64, vectors bool, a Answer) ([]Pair, error) {
	if vectors {
		pairs, ok, err := VectorPairsFor(ctx, q, docs, minScore, a)
		if err != nil || ok {
			return pairs, err
		}
	}
	return keywordPairs(ctx, q, docs, minScore, &a)
}

// Pick keeps the best pair per unlinked document pair, best first (ties by
// paths), up to limit, as the suggestions SuggestLinks answers. docs maps
// the sections of pairs to their documents. It reads the headings, lines
// and paths of those pairs only that can be in the answer: the limit best
// by shown (rounded) score and those of the same score as the last of
// them, which the paths order.
func Pick(ctx context.Context, q store.Querier, pairs []Pair, docs map[int64]int64, g *graph.Graph, limit int) ([]answer.LinkSuggestion, error) {
	linked := LinkedIn(g)
	best := map[docPair]Pair{}
	for _, p := range pairs {
		da, okA := docs[p.A]
		db, okB := docs[p.B]
		if !okA || !okB || da == db {
			continue
		}
		k := docPair{min(da, db), max(da, db)}
		if cur, ok := best[k]; ok && (cur.Score > p.Score || cur.Score == p.Score && cur.A < p.A) {
			continue
		}
		if linked(k.a, k.b) {
			continue
		}
		best[k] = p
	}
	shown := make([]Pair, 0, len(best))
	for _, p := range best {
		shown = append(shown, p)
	}
	kept, err := named(ctx, q, contenders(shown, limit), docs, limit)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, 2*len(kept))
	for _, s := range kept {
		ids = append(ids, s.pair.A, s.pair.B)
	}
	secs, err := sectionrows.Load(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	out := []answer.LinkSuggestion{}
	for _, s := range kept {
		src, tgt := secs[s.pair.A], secs[s.pair.B]
		if src == nil || tgt == nil {
			continue // gone: a caller that did not read in one transaction
		}
		if s.swap {
			src, tgt = tgt, src
		}
		out = append(out, answer.LinkSuggestion{
			SourceFilepath: s.source, SourceHeading: src.HeadingPath, SourceLine: src.StartLine,
			TargetFilepath: s.target, TargetHeading: tgt.HeadingPath, TargetLine: tgt.StartLine,
			Score: s.score,
		})
	}
	return out, nil
}

// namedPair is a pair with its shown score and its documents' paths, the
// source the path first in order (swap: B's document).
type namedPair struct {
	pair           Pair
	score          float64
	source, target string
	swap           bool
}

// pathChunk is how many pairs named reads the paths of at a time.
const pathChunk = 512

// named orders pairs best first by shown score, then by source and target
// path, and keeps the limit first. It reads the paths of pathChunk pairs'
// documents at a time, so that it holds the paths of a chunk and of the
// limit kept, whatever the number of pairs tied at one score.
func named(ctx context.Context, q store.Querier, pairs []Pair, docs map[int64]int64, limit int) ([]namedPair, error) {
	var kept []namedPair
	for start := 0; start < len(pairs); start += pathChunk {
		chunk := pairs[start:min(start+pathChunk, len(pairs))]
		ids := make([]int64, 0, 2*len(chunk))
		for _, p := range chunk {
			ids = append(ids, docs[p.A], docs[p.B])
		}
		meta, err := docmeta.Load(ctx, q, ids)
		if err != nil {
			return nil, err
		}
		for _, p := range chunk {
			ma, mb := meta[docs[p.A]], meta[docs[p.B]]
			if ma == nil || mb == nil {
				continue // gone: a caller that did not read in one transaction
			}
			n := namedPair{pair: p, score: answer.RoundScore(p.Score), source: ma.Filepath, target: mb.Filepath}
			if n.source > n.target {
				n.source, n.target, n.swap = n.target, n.source, true
			}
			kept = append(kept, n)
		}
		slices.SortFunc(kept, func(a, b namedPair) int {
			return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.source, b.source), cmp.Compare(a.target, b.target))
		})
		kept = kept[:min(len(kept), limit)]
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	return kept, nil
}

// contenders are the pairs that can be among the limit first suggestions:
// ordered by shown (rounded) score, the limit first and every one after
// them of the same shown score as the last, since the paths, not yet
// read, order those.
func contenders(pairs []Pair, limit int) []Pair {
	if len(pairs) <= limit {
		return pairs
	}
	slices.SortFunc(pairs, func(a, b Pair) int {
		return cmp.Or(cmp.Compare(answer.RoundScore(b.Score), answer.RoundScore(a.Score)), cmp.Compare(a.A, b.A), cmp.Compare(a.B, b.B))
	})
	if limit <= 0 {
		return nil
	}
	last := answer.RoundScore(pairs[limit-1].Score)
	n := limit
	for n < len(pairs) && answer.RoundScore(pairs[n].Score) == last {
		n++
	}
	return pairs[:n]
}

// LinkedIn reports whether documents a and b are linked in g, in either
// direction.
func LinkedIn(g *graph.Graph) func(a, b int64) bool {
	return func(a, b int64) bool {
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
}
