package embedrun

import (
	"context"
	"database/sql"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// embedBatch is how many sections are embedded and committed at a time,
// so an interrupted run keeps what it did.
const embedBatch = 256

// embedSections embeds pending (see Run). scoped says the index
// was complete when the run began (its vector index in step with the
// sections), so an index of the right model and dimensions needs no sweep
// for leftovers (vecstore.Ensure reads every vector row to find them).
func (r *run) embedSections(ctx context.Context, p embed.Provider, model string, pending []vecstore.PendingSection, scoped bool) (int, error) {
	dbctx := context.WithoutCancel(ctx) // see Run: SQL is never interrupted
	var (
		embedded int
		ensured  bool
		stored   bool             // a batch of vectors was committed
		deferred []vecstore.Entry // no-vector entries seen before dims were known
		// rawOnly: the index has no common component yet (a first build),
		// so the vectors go in once, projected, when it is computed below,
		// instead of now and again then.
		rawOnly bool
	)
	ensure := func(dims int) error {
		if ensured {
			return nil
		}
		if err := r.withTx(dbctx, func(tx *sql.Tx) error {
			st, ok, err := vecstore.ReadState(dbctx, tx)
			if err != nil {
				return err
			}
			if !scoped || !ok || st.Model != model || st.Dims != dims {
				if _, err := vecstore.Ensure(dbctx, tx, model, dims); err != nil {
					return err
				}
			}
			if !embed.WantsCommonComponent(p) {
				return nil
			}
			st, _, err = vecstore.ReadState(dbctx, tx)
			rawOnly = err == nil && st.Component == nil
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
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		st, ok, err := vecstore.ReadState(dbctx, r.db)
		if err != nil || !ok || st.Model != model || st.Dims != p.Dimensions() {
			return 0, err
		}
		ensured = true
		// Deletions alone move the corpus' common direction too.
		due, err := r.componentDue(dbctx, model, 0, false)
		if err != nil {
			return 0, err
		}
		reprojected, err := r.refreshComponent(dbctx, p, model, due || st.Component == nil)
		if err != nil {
			return 0, err
		}
		if st.Component == nil && !reprojected {
			// A first build stopped between storing raw vectors and
			// indexing them (see rawOnly below) and still too small for a
			// component: index what is missing.
			if err := r.indexUnprojected(dbctx, model); err != nil {
				return 0, err
			}
		}
		return 0, r.refreshCells(dbctx)
	}
	if d := p.Dimensions(); d > 0 {
		if err := ensure(d); err != nil {
			return 0, err
		}
	}
	var cancelled error
	for start := 0; start < len(pending); start += embedBatch {
		if cancelled = ctx.Err(); cancelled != nil {
			break
		}
		batch, err := vecstore.LoadTexts(dbctx, r.db, pending[start:min(start+embedBatch, len(pending))])
		if err != nil {
			return embedded, err
		}
		texts := make([]string, len(batch))
		for i, s := range batch {
			texts[i] = s.Text
		}
		vecs, err := p.EmbedPassages(ctx, texts)
		if err != nil {
			if cancelled = ctx.Err(); cancelled != nil {
				break
			}
			return embedded, err
		}
		entries := make([]vecstore.Entry, 0, len(batch))
		n := 0
		for i, s := range batch {
			entries = append(entries, vecstore.Entry{SectionID: s.SectionID, TextHash: s.TextHash, Vector: vecs[i]})
			if vecs[i] != nil {
				n++
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
		if err := r.withTx(dbctx, func(tx *sql.Tx) error {
			if rawOnly {
				return vecstore.PutRaw(dbctx, tx, model, entries)
			}
			return vecstore.Put(dbctx, tx, model, entries)
		}); err != nil {
			return embedded, err
		}
		embedded += n
		stored = true
	}
	if !ensured || !stored {
		return embedded, cancelled // nothing had a vector, or nothing was stored
	}
	due, err := r.componentDue(dbctx, model, embedded, rawOnly)
	if err != nil {
		return embedded, err
	}
	reprojected, err := r.refreshComponent(dbctx, p, model, due)
	if err != nil {
		return embedded, err
	}
	if rawOnly && !reprojected {
		// Too few vectors for a component: index them as they are.
		if err := r.withTx(dbctx, func(tx *sql.Tx) error { return vecstore.Reproject(dbctx, tx) }); err != nil {
			return embedded, err
		}
	}
	if err := r.refreshCells(dbctx); err != nil {
		return embedded, err
	}
	return embedded, cancelled
}
