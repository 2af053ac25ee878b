package suggest

import (
	"cmp"
	"context"
	"slices"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Answer is what the suggestions asked for need of the pairs compared: the
// number of document pairs answered and which documents are linked
// already (their pairs are never suggested). VectorPairs keeps, of every
// pair it compares, only those that can be among the Limit best
// suggestions (topPairs), instead of every pair at minScore or more.
type Answer struct {
	Limit  int
	Linked func(a, b int64) bool
}

// topPairs keeps the pairs that can be among the limit best suggestions:
// for each unlinked document pair its best section pair (highest score,
// then lowest A, as Pick chooses), of the document pairs best in the order
// Pick answers in (shown score, then source and target path). A document
// pair's key only rises as pairs come, so once limit document pairs are
// ahead of a key (floor) any pair whose key is behind it can never be
// answered and is dropped: it holds at most 2 × limit document pairs and
// the paths of the documents compared, where keeping every pair at
// minScore or more held the square of the sections (3,000 sections of
// near-identical pages at --min-score 0: 4.5 million pairs, 328 MB).
type topPairs struct {
	ctx    context.Context
	q      store.Querier
	docs   map[int64]int64
	answer Answer
	best   map[docPair]Pair
	paths  map[int64]string // every compared document's path, read at the first prune
	floor  *rankKey         // the limit-th best key at the last prune
	err    error
}

type docPair struct{ a, b int64 }

// rankKey orders document pairs as Pick answers them.
type rankKey struct {
	score          float64 // shown (rounded)
	source, target string
}

// before reports whether k comes before o in the answer.
func (k rankKey) before(o rankKey) bool {
	return cmp.Or(cmp.Compare(o.score, k.score), cmp.Compare(k.source, o.source), cmp.Compare(k.target, o.target)) < 0
}

func newTopPairs(ctx context.Context, q store.Querier, docs map[int64]int64, a Answer) *topPairs {
	return &topPairs{ctx: ctx, q: q, docs: docs, answer: a, best: map[docPair]Pair{}}
}

// add offers the pair p (A < B, of different documents).
func (t *topPairs) add(p Pair) {
	if t.err != nil {
		return
	}
	da, db := t.docs[p.A], t.docs[p.B]
	if da == db {
		return
	}
	k := docPair{min(da, db), max(da, db)}
	if cur, ok := t.best[k]; ok {
		if p.Score > cur.Score || p.Score == cur.Score && p.A < cur.A {
			t.best[k] = p
		}
		return
	}
	if t.answer.Linked != nil && t.answer.Linked(k.a, k.b) {
		return
	}
	if t.floor != nil && !t.key(k, p).before(*t.floor) {
		return
	}
	t.best[k] = p
	if len(t.best) > 2*max(t.answer.Limit, 1) {
		t.prune()
	}
}

// key is the answer's order key of document pair k by pair p.
func (t *topPairs) key(k docPair, p Pair) rankKey {
	s, u := t.paths[k.a], t.paths[k.b]
	if s > u {
		s, u = u, s
	}
	return rankKey{score: answer.RoundScore(p.Score), source: s, target: u}
}

// prune keeps the limit best document pairs and sets the floor at the
// last of them.
func (t *topPairs) prune() {
	if t.paths == nil {
		if t.err = t.readPaths(); t.err != nil {
			return
		}
	}
	type entry struct {
		k   docPair
		key rankKey
	}
	all := make([]entry, 0, len(t.best))
	for k, p := range t.best {
		all = append(all, entry{k, t.key(k, p)})
	}
	slices.SortFunc(all, func(x, y entry) int {
		if x.key.before(y.key) {
			return -1
		}
		if y.key.before(x.key) {
			return 1
		}
		return 0
	})
	limit := max(t.answer.Limit, 1)
	for _, e := range all[limit:] {
		delete(t.best, e.k)
	}
	floor := all[limit-1].key
	t.floor = &floor
}

// readPaths reads the path of every document compared.
func (t *topPairs) readPaths() error {
	seen := map[int64]bool{}
	var ids []int64
	for _, d := range t.docs {
		if !seen[d] {
			seen[d] = true
			ids = append(ids, d)
		}
	}
	meta, err := docmeta.Load(t.ctx, t.q, ids)
	if err != nil {
		return err
	}
	t.paths = make(map[int64]string, len(meta))
	for id, m := range meta {
		t.paths[id] = m.Filepath
	}
	return nil
}

// pairs are the pairs kept, by section ids.
func (t *topPairs) pairs() ([]Pair, error) {
	if t.err != nil {
		return nil, t.err
	}
	out := make([]Pair, 0, len(t.best))
	for _, p := range t.best {
		out = append(out, p)
	}
	slices.SortFunc(out, func(x, y Pair) int { return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B)) })
	return out, nil
}
