package search

import (
	"cmp"
	"slices"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/params"
	"github.com/ubp-dev/ubp/ranking"
)

// Signal names, as shown by Explain.
const (
	SignalVector   = "vector"
	SignalGraph    = "graph"
	SignalFulltext = "fulltext"
	SignalLatent   = "latent"
)

// signalScores are one document's signals on 0..1 as fused (see
// ranking.Scale): full text relative to the best document, the vector
// min–max scaled over the documents it found, graph proximity.
type signalScores struct {
	Vector, Graph, Fulltext, Latent float64
}

// presence says which signals ran and found something for a query.
type presence struct {
	Vector, Graph, Fulltext bool
}

// evidence is every candidate's raw evidence.
//
// It walks the signals' maps itself instead of collecting the candidates
// first (see candidates): one map of thousands of documents a call less,
// twice a search (the graph's seeds and the fusion).
func (s *Run) evidence() map[int64]ranking.Evidence {
	out := make(map[int64]ranking.Evidence, max(len(s.ftRaw), len(s.vec.Raw)))
	for _, m := range []map[int64]float64{s.vec.Raw, s.ftRaw, s.graphRaw, s.latent} {
		for id := range m {
			if _, done := out[id]; !done && s.meta[id] != nil {
				out[id] = s.evidenceOf(id)
			}
		}
	}
	return out
}

// evidenceOf is document id's raw evidence of every signal.
func (s *Run) evidenceOf(id int64) ranking.Evidence {
	ev := ranking.Evidence{Graph: s.graphRaw[id]}
	if d := s.ftDocs[id]; d != nil {
		ev.Fulltext, ev.Coverage = d.Score, d.Coverage
	}
	if v, ok := s.vec.Raw[id]; ok {
		ev.Vector, ev.HasVector = v, true
	}
	if v, ok := s.latent[id]; ok {
		ev.Latent, ev.HasLatent = v, true
	}
	return ev
}

// Fuse combines the signals of every candidate: ranking.Fuse on the
// signals put on 0..1 by ranking.Scale, or reciprocal-rank fusion
// (params.FusionRRF).
func (s *Run) Fuse() {
	ev := s.evidence
	if s.contentEv != nil {
		ev = s.withGraph
	}
	s.fuse(ev())
}

// withGraph is evidence after Graph: the evidence Graph gathered (every
// other signal is complete before it) with the graph's score of each
// candidate, and the documents only the graph reached. The same as
// gathering it again (a document's metadata is only ever added, by the
// graph for the documents it reached), without walking the thousands of
// candidates twice a search.
func (s *Run) withGraph() map[int64]ranking.Evidence {
	ev := s.contentEv
	s.contentEv = nil
	for id, g := range s.graphRaw {
		if e, ok := ev[id]; ok {
			e.Graph = g
			ev[id] = e
		} else if s.meta[id] != nil {
			ev[id] = s.evidenceOf(id)
		}
	}
	return ev
}

// fuse is Fuse of the candidates' evidence ev.
func (s *Run) fuse(ev map[int64]ranking.Evidence) {
	s.scaled = ranking.Scale(ev)
	s.present = presence{Vector: len(s.vec.Raw) > 0, Graph: len(s.graphRaw) > 0, Fulltext: len(s.ftRaw) > 0}
	if s.fusion != params.FusionRRF {
		s.fused = ranking.Fuse(ev, s.weights)
		return
	}
	s.fused = map[int64]float64{}
	ranks := s.ranks()
	for id := range ev {
		r := ranks[id]
		if sc := ranking.FuseRRF(s.rrfK, r); sc > 0 {
			s.fused[id] = sc
		}
	}
}

// candidates is every document any signal found.
func (s *Run) candidates() map[int64]bool {
	c := map[int64]bool{}
	for _, m := range []map[int64]float64{s.vec.Raw, s.ftRaw, s.graphRaw, s.latent} {
		for id := range m {
			if s.meta[id] != nil {
				c[id] = true
			}
		}
	}
	return c
}

// signals are a document's signals on 0..1 (see ranking.Scale).
func (s *Run) signals(id int64) signalScores {
	sc := s.scaled[id]
	return signalScores{Vector: sc.Vector, Graph: sc.Graph, Fulltext: sc.Fulltext, Latent: sc.Latent}
}

// ranks are each candidate's rank in each signal.
func (s *Run) ranks() map[int64]ranking.SignalRanks {
	v, g, f := s.rankBy(s.vec.Raw), s.rankBy(s.graphRaw), s.rankBy(s.ftRaw)
	out := map[int64]ranking.SignalRanks{}
	for id := range s.candidates() {
		out[id] = ranking.SignalRanks{Vector: v[id], Graph: g[id], Fulltext: f[id]}
	}
	return out
}

// rankBy gives each document its 1-based rank by score (see
// ranking.Ranks), ties by file path, then by id, as topDocs orders them:
// ids alone ranked a page indexed later after its twins, where a fresh
// index of the same files ranks it first.
func (s *Run) rankBy(scores map[int64]float64) map[int64]int {
	return ranking.Ranks(scores, s.byPath)
}

// byPath orders documents by file path (from meta, "" when unknown), then
// by id.
func (s *Run) byPath(a, b int64) int {
	var pa, pb string
	if d := s.meta[a]; d != nil {
		pa = d.Filepath
	}
	if d := s.meta[b]; d != nil {
		pb = d.Filepath
	}
	return cmp.Or(strings.Compare(pa, pb), cmp.Compare(a, b))
}

// normaliseByMax divides every score by the largest (which becomes 1).
func normaliseByMax[K comparable](scores map[K]float64) map[K]float64 {
	var best float64
	for _, s := range scores {
		best = max(best, s)
	}
	out := make(map[K]float64, len(scores))
	if best <= 0 {
		return out
	}
	for k, s := range scores {
		if s > 0 {
			out[k] = s / best
		}
	}
	return out
}

// topDocs returns the n best document ids by score (every one when n is
// negative), best first, ties by file path (from meta, when known) and then
// by id: an index updated run after run numbers its rows in another order
// than one built from the same files, and the answer must not depend on
// that. It orders pairs, not ids: looking both scores up in the map at
// every comparison made sorting a few thousand candidates cost 1.5 ms a
// search at 10,000 documents. A search wants the first 10 of thousands
// (the graph's seeds, the hits shown), so it keeps the n best in order as
// it goes instead of sorting them all: most candidates are dropped after
// one comparison with the n-th best so far.
func topDocs(scores map[int64]float64, meta map[int64]*docmeta.Meta, n int) []int64 {
	type scored struct {
		id    int64
		score float64
		path  string
	}
	order := func(a, b scored) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		if c := strings.Compare(a.path, b.path); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	}
	pair := func(id int64, sc float64) scored {
		p := scored{id: id, score: sc}
		if d := meta[id]; d != nil {
			p.path = d.Filepath
		}
		return p
	}
	var top []scored
	if n < 0 || n >= len(scores) {
		top = make([]scored, 0, len(scores))
		for id, sc := range scores {
			top = append(top, pair(id, sc))
		}
		slices.SortFunc(top, order)
	} else if n > 0 {
		top = make([]scored, 0, n+1)
		for id, sc := range scores {
			if len(top) == n && cmp.Compare(sc, top[n-1].score) < 0 {
				continue // below the n-th best, with no tie to break
			}
			p := pair(id, sc)
			if len(top) == n && order(p, top[n-1]) > 0 {
				continue
			}
			i, _ := slices.BinarySearchFunc(top, p, order)
			top = slices.Insert(top, i, p)
			if len(top) > n {
				top = top[:n]
			}
		}
	}
	ids := make([]int64, len(top))
	for i, p := range top {
		ids[i] = p.id
	}
	return ids
}
