package search

import (
	"context"

	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Fulltext runs the full-text match (the code FulltextSearch uses) and
// keeps per-document scores; it reads the metadata of every document the
// full text or the vector found, and drops the vector's hits on documents
// deleted since.
func (s *Run) Fulltext(ctx context.Context, tx store.Querier) error {
	var err error
	if s.ft, err = s.src.Fulltext.Match(ctx, tx, s.q); err != nil {
		return err
	}
	ids := s.ft.Docs()
	for id := range s.vec.Raw {
		ids = append(ids, id)
	}
	s.meta = map[int64]*docmeta.Meta{}
	if err := s.src.Docs.Add(ctx, tx, s.meta, ids); err != nil {
		return err
	}
	s.ftDocs = s.ft.Documents(s.meta)
	s.ftRaw = make(map[int64]float64, len(s.ftDocs))
	for id, d := range s.ftDocs {
		s.ftRaw[id] = d.Score
	}
	// Vector hits on documents deleted since are dropped here.
	for id := range s.vec.Raw {
		if s.meta[id] == nil {
			delete(s.vec.Raw, id)
		}
	}
	return nil
}
