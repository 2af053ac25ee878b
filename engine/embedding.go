package engine

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/vecstore"
)

// Embedding pipeline tuning.
const (
	// embedBatch is how many sections are embedded and committed at a
	// time, so an interrupted run keeps what it did.
	embedBatch = 256
	// minComponentVectors: below this many vectors the corpus' first
	// principal component is more topic than common direction, so none is
	// removed.
	minComponentVectors = 16
	// componentKeep: a recomputed common component this close (|cos|) to
	// the stored one is not worth reprojecting every vector for.
	componentKeep = 0.9995
)

// embedder returns the project's embedding provider, nil for "none". It
// is created once per engine on first use; the static model behind it is
// loaded once per process (engine/embed/static).
func (e *Engine) embedder() (embed.Provider, error) {
	e.embedMu.Lock()
	defer e.embedMu.Unlock()
	if e.embed != nil {
		return e.embed, nil
	}
	p, err := embed.New(e.Project().Config.Embedding)
	if err != nil {
		return nil, fmt.Errorf("embedding: %w", err)
	}
	e.embed = p
	return p, nil
}

// EmbedQuery embeds a search query for NearestSections: the provider's
// vector with the corpus' common component removed, unit length. vec is
// nil (and err nil) when there is nothing to compare it with: provider
// "none", a query the model cannot embed (hiragana only on the static model),
// or an index without vectors of this model. model is the provider's model
// id ("" for none). Errors are the provider's (an unreachable server);
// callers may fall back to other signals.
func (e *Engine) EmbedQuery(ctx context.Context, text string) (vec []float32, model string, err error) {
	p, err := e.embedder()
	if err != nil || p == nil {
		return nil, "", err
	}
	model = p.ModelID()
	pc, err := vecstore.Component(ctx, e.rdb, model)
	if errors.Is(err, vecstore.ErrNoIndex) {
		return nil, model, nil
	}
	if err != nil {
		return nil, model, err
	}
	v, err := p.EmbedQuery(ctx, text)
	if err != nil {
		return nil, model, fmt.Errorf("embed query: %w", err)
	}
	if v == nil {
		return nil, model, nil
	}
	if pc != nil && len(pc) != len(v) {
		return nil, model, nil // the index was built at other dimensions
	}
	return embed.RemoveComponent(v, pc), model, nil
}

// NearestSections returns up to k sections most similar to vec (from
// EmbedQuery), most similar first (Score is the cosine similarity); none
// when the index holds no vectors of the current model.
func (e *Engine) NearestSections(ctx context.Context, vec []float32, k int) ([]vecstore.Match, error) {
	p, err := e.embedder()
	if err != nil || p == nil || vec == nil {
		return nil, err
	}
	model := p.ModelID()
	ms, err := vecstore.Nearest(ctx, e.rdb, model, vec, k)
	if errors.Is(err, vecstore.ErrNoIndex) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return ms, nil
}

// embedPending embeds every section without a current vector, in batches
// each committed on its own, then refreshes the common component. It
// returns how many sections got a vector.
func (e *Engine) embedPending(ctx context.Context) (int, error) {
	p, err := e.embedder()
	if err != nil || p == nil {
		return 0, err
	}
	model := p.ModelID()
	pending, err := vecstore.Pending(ctx, e.db, model)
	if err != nil {
		return 0, err
	}
	var (
		embedded int
		ensured  bool
		deferred []vecstore.Entry // no-vector entries seen before dims were known
	)
	ensure := func(dims int) error {
		if ensured {
			return nil
		}
		if err := e.WithTx(ctx, func(tx *sql.Tx) error {
			_, err := vecstore.Ensure(ctx, tx, model, dims)
			return err
		}); err != nil {
			return err
		}
		ensured = true
		return nil
	}
	if len(pending) == 0 {
		// Nothing new; the index may still lack its component (a run
		// interrupted before computing it).
		st, ok, err := vecstore.ReadState(ctx, e.db)
		if err != nil || !ok || st.Model != model || st.Dims != p.Dimensions() {
			return 0, err
		}
		ensured = true
		if err := e.refreshComponent(ctx, p, model, st.Component == nil); err != nil {
			return 0, err
		}
		return 0, nil
	}
	if d := p.Dimensions(); d > 0 {
		if err := ensure(d); err != nil {
			return 0, err
		}
	}
	for start := 0; start < len(pending); start += embedBatch {
		batch, err := vecstore.LoadTexts(ctx, e.db, pending[start:min(start+embedBatch, len(pending))])
		if err != nil {
			return embedded, err
		}
		texts := make([]string, len(batch))
		for i, s := range batch {
			texts[i] = s.Text
		}
		vecs, err := p.EmbedPassages(ctx, texts)
		if err != nil {
			return embedded, err
		}
		entries := make([]vecstore.Entry, 0, len(batch))
		for i, s := range batch {
			entries = append(entries, vecstore.Entry{SectionID: s.SectionID, TextHash: s.TextHash, Vector: vecs[i]})
			if vecs[i] != nil {
				embedded++
			}
		}
		if !ensured {
			if d := p.Dimensions(); d > 0 {
				if err := ensure(d); err != nil {
					return embedded, err
				}
				entries = append(deferred, entries...)
				deferred = nil
			} else {
				// No vector yet, so no dimensions: keep the entries.
				deferred = append(deferred, entries...)
				continue
			}
		}
		if err := e.WithTx(ctx, func(tx *sql.Tx) error {
			return vecstore.Put(ctx, tx, model, entries)
		}); err != nil {
			return embedded, err
		}
	}
	if !ensured {
		return embedded, nil // nothing had a vector
	}
	if err := e.refreshComponent(ctx, p, model, true); err != nil {
		return embedded, err
	}
	return embedded, nil
}

// refreshComponent recomputes the common component of the model's
// vectors (for providers that want it) and stores it, reprojecting the
// index, unless it barely moved. changed says vectors changed since the
// stored component was computed.
func (e *Engine) refreshComponent(ctx context.Context, p embed.Provider, model string, changed bool) error {
	if !embed.WantsCommonComponent(p) || !changed {
		return nil
	}
	vecs, err := vecstore.RawVectors(ctx, e.db, model)
	if err != nil {
		return err
	}
	var pc []float32
	if len(vecs) >= minComponentVectors {
		pc = embed.CommonComponent(vecs)
	}
	old, err := vecstore.Component(ctx, e.db, model)
	if err != nil {
		return err
	}
	if old == nil && pc == nil {
		return nil
	}
	if old != nil && pc != nil && len(old) == len(pc) {
		var dot float64
		for i := range pc {
			dot += float64(pc[i]) * float64(old[i])
		}
		if math.Abs(dot) >= componentKeep {
			return nil
		}
	}
	return e.WithTx(ctx, func(tx *sql.Tx) error {
		return vecstore.SetComponent(ctx, tx, model, pc)
	})
}
