package search

import (
	"cmp"
	"context"
	"slices"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/vecsearch"
)

// Fulltext runs the full-text match (the code FulltextSearch uses) and
// keeps per-document scores, reading the metadata of the documents it
// found. It does not need the vector signal, so the engine finds that
// meanwhile and gives it with AddVector.
func (s *Run) Fulltext(ctx context.Context, tx store.Querier) error {
	var err error
	if s.ft, err = s.src.Fulltext.Match(ctx, tx, s.q); err != nil {
		return err
	}
	if err := s.src.Docs.Add(ctx, tx, s.meta, s.ft.Docs()); err != nil {
		return err
	}
	s.ftDocs = s.ft.Documents(s.meta)
	s.ftRaw = make(map[int64]float64, len(s.ftDocs))
	for id, d := range s.ftDocs {
		s.ftRaw[id] = d.Score
	}
	return nil
}

// AddLatent adds the latent signal's document scores (see
// latentsearch.Scores; nil: the signal found nothing), read in the
// search's transaction: only its documents' metadata remains to read.
func (s *Run) AddLatent(ctx context.Context, tx store.Querier, scores map[int64]float64) error {
	if len(scores) == 0 {
		return nil
	}
	s.latent = scores
	return s.keepKnown(ctx, tx, s.latent)
}

// AddVector gives the search its vector signal (see vecsearch.Signal),
// found outside its read transaction, while Fulltext ran: it reads the
// metadata of the vector's documents and drops its hits on documents
// deleted since.
func (s *Run) AddVector(ctx context.Context, tx store.Querier, ev vecsearch.Evidence) error {
	s.vec = ev
	return s.keepKnown(ctx, tx, s.vec.Raw)
}

// keepKnown reads the metadata of a signal's documents and drops from
// scores those that no longer exist.
func (s *Run) keepKnown(ctx context.Context, tx store.Querier, scores map[int64]float64) error {
	ids := make([]int64, 0, len(scores))
	for id := range scores {
		ids = append(ids, id)
	}
	if err := s.src.Docs.Add(ctx, tx, s.meta, ids); err != nil {
		return err
	}
	for id := range scores {
		if s.meta[id] == nil {
			delete(scores, id)
		}
	}
	return nil
}

// FulltextBest is full text's best k documents of the asked doc_type,
// best first (ties by file path, then id, as rankBy: ids alone took, of
// twins at the cut, those whose rows were written first, so an index kept
// up to date re-scored others than a fresh index of the same files): a
// signal that re-scores them spends its reads on documents the answer may
// show.
func (s *Run) FulltextBest(k int) []int64 {
	ids := make([]int64, 0, len(s.ftRaw))
	for id := range s.ftRaw {
		if m := s.meta[id]; m != nil && (s.opts.DocType == "" || string(m.DocType) == s.opts.DocType) {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b int64) int {
		return cmp.Or(cmp.Compare(s.ftRaw[b], s.ftRaw[a]), s.byPath(a, b))
	})
	return ids[:min(k, len(ids))]
}
