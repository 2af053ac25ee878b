package engine

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"strconv"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/sectionrows"
	"github.com/ubp-dev/ubp/engine/internal/vecsearch"
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
	return vecsearch.QueryVector(ctx, e.rdb, p, text)
}

// SectionPaths maps section ids (from NearestSections) to the file paths of
// their documents; ids no longer in the index are left out.
func (e *Engine) SectionPaths(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		docs, err := sectionrows.Documents(ctx, tx, ids)
		if err != nil {
			return err
		}
		docIDs := make([]int64, 0, len(docs))
		for _, d := range docs {
			docIDs = append(docIDs, d)
		}
		meta, err := docmeta.Load(ctx, tx, docIDs)
		if err != nil {
			return err
		}
		for id, d := range docs {
			if m := meta[d]; m != nil {
				out[id] = m.Filepath
			}
		}
		return nil
	})
	return out, err
}

// NearestSections returns up to k sections most similar to vec (from
// EmbedQuery), most similar first (Score is the cosine similarity); none
// when the index holds no vectors of the current model.
func (e *Engine) NearestSections(ctx context.Context, vec []float32, k int) ([]vecstore.Match, error) {
	p, err := e.embedder()
	if err != nil || p == nil || vec == nil {
		return nil, err
	}
	return vecsearch.Nearest(ctx, e.rdb, p.ModelID(), vec, k)
}

// embedScope is what an indexing run tells embedPending: the search
// generation when the run began (before its writes) and the documents it
// wrote.
type embedScope struct {
	startGen int64
	docs     []int64
}

// metaEmbeddedGen is "<search generation> <model id>" after a run left
// every section embedded by that model: when a run begins at that
// generation, only the documents it writes can need vectors, so it lists
// their sections instead of hashing every section of the index.
const metaEmbeddedGen = "embedded_generation"

// searchGeneration is the search_generation counter, which every change
// to sections and documents moves forward.
func (e *Engine) searchGeneration(ctx context.Context) (int64, error) {
	var n int64
	if err := e.db.QueryRowContext(ctx, `SELECT n FROM search_generation WHERE id = 1`).Scan(&n); err != nil {
		return 0, fmt.Errorf("read search generation: %w", err)
	}
	return n, nil
}

// embedPending embeds every section without a current vector, in batches
// each committed on its own, then refreshes the common component. It
// returns how many sections got a vector.
//
// Cancellation: only the provider's EmbedPassages (an HTTP call for
// openai) sees ctx. Every SQL statement, sqlite-vec's included, runs under
// context.WithoutCancel(ctx), because go-sqlite3 answers a cancelled
// context with sqlite3_interrupt from another goroutine, which is racy and
// once crashed a sqlite-vec query. ctx is checked between steps instead:
// on cancellation no new batch starts, but once a batch of vectors was
// stored the common component is still brought in line with
// it (the safe point), and then ctx's error is returned.
func (e *Engine) embedPending(ctx context.Context, scope embedScope) (int, error) {
	p, err := e.embedder()
	if err != nil || p == nil {
		return 0, err
	}
	dbctx := context.WithoutCancel(ctx)
	model := p.ModelID()
	var pending []vecstore.PendingSection
	done, _, err := getMeta(dbctx, e.db, metaEmbeddedGen)
	if err != nil {
		return 0, err
	}
	scoped := done == fmt.Sprintf("%d %s", scope.startGen, model)
	if scoped {
		pending, err = vecstore.PendingIn(dbctx, e.db, model, scope.docs)
	} else {
		pending, err = vecstore.Pending(dbctx, e.db, model)
	}
	if err != nil {
		return 0, err
	}
	n, err := e.embedSections(ctx, p, model, pending, scoped)
	if err != nil {
		return n, err
	}
	return n, e.markEmbedded(dbctx, model, done)
}

// markEmbedded records that every section is embedded by model at the
// current search generation (unless that is already recorded).
func (e *Engine) markEmbedded(ctx context.Context, model, recorded string) error {
	gen, err := e.searchGeneration(ctx)
	if err != nil {
		return err
	}
	mark := fmt.Sprintf("%d %s", gen, model)
	if mark == recorded {
		return nil
	}
	return e.WithTx(ctx, func(tx *sql.Tx) error { return setMeta(ctx, tx, metaEmbeddedGen, mark) })
}

// embedSections embeds pending (see embedPending). scoped says the index
// was complete when the run began (its vector index in step with the
// sections), so an index of the right model and dimensions needs no sweep
// for leftovers (vecstore.Ensure reads every vector row to find them).
func (e *Engine) embedSections(ctx context.Context, p embed.Provider, model string, pending []vecstore.PendingSection, scoped bool) (int, error) {
	dbctx := context.WithoutCancel(ctx) // see embedPending: SQL is never interrupted
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
		if err := e.WithTx(dbctx, func(tx *sql.Tx) error {
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
		st, ok, err := vecstore.ReadState(dbctx, e.db)
		if err != nil || !ok || st.Model != model || st.Dims != p.Dimensions() {
			return 0, err
		}
		ensured = true
		reprojected, err := e.refreshComponent(dbctx, p, model, st.Component == nil)
		if err != nil {
			return 0, err
		}
		if st.Component == nil && !reprojected {
			// A first build stopped between storing raw vectors and
			// indexing them (see rawOnly below) and still too small for a
			// component: index what is missing.
			if err := e.indexUnprojected(dbctx, model); err != nil {
				return 0, err
			}
		}
		return 0, e.refreshCells(dbctx)
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
		batch, err := vecstore.LoadTexts(dbctx, e.db, pending[start:min(start+embedBatch, len(pending))])
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
		if err := e.WithTx(dbctx, func(tx *sql.Tx) error {
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
	due, err := e.componentDue(dbctx, embedded, rawOnly)
	if err != nil {
		return embedded, err
	}
	reprojected, err := e.refreshComponent(dbctx, p, model, due)
	if err != nil {
		return embedded, err
	}
	if rawOnly && !reprojected {
		// Too few vectors for a component: index them as they are.
		if err := e.WithTx(dbctx, func(tx *sql.Tx) error { return vecstore.Reproject(dbctx, tx) }); err != nil {
			return embedded, err
		}
	}
	if err := e.refreshCells(dbctx); err != nil {
		return embedded, err
	}
	return embedded, cancelled
}

// refreshCells rewrites the vector index when its cells are due
// (vecstore.CellsDue: an index that passed the cell threshold, or whose
// vectors doubled since its cells were trained). Like the common
// component, this is rare: the cost of one rewrite is spread over as many
// new vectors as the index held.
func (e *Engine) refreshCells(ctx context.Context) error {
	due, err := vecstore.CellsDue(ctx, e.db)
	if err != nil || !due {
		return err
	}
	return e.WithTx(ctx, func(tx *sql.Tx) error { return vecstore.Reproject(ctx, tx) })
}

// indexUnprojected reprojects the vector index when it holds fewer rows
// than there are raw vectors of model.
func (e *Engine) indexUnprojected(ctx context.Context, model string) error {
	raw, err := vecstore.Count(ctx, e.db, model)
	if err != nil {
		return err
	}
	indexed, err := vecstore.Indexed(ctx, e.db)
	if err != nil || indexed == raw {
		return err
	}
	return e.WithTx(ctx, func(tx *sql.Tx) error { return vecstore.Reproject(ctx, tx) })
}

// The common component of a large index is recomputed only once the
// vectors embedded since it was computed reach 1/componentDriftDiv of the
// vectors it was computed from (below componentLazyMin vectors, after
// every run that embeds): it is the mean direction of every vector, which
// one edit among tens of thousands does not move, and recomputing it reads
// every vector (about 0.1 s at 12,000 vectors, growing with the corpus).
// New vectors are projected with the stored component meanwhile.
const (
	componentLazyMin  = 2000
	componentDriftDiv = 100
	// metaComponentBasis is how many vectors the component was last
	// computed from; metaComponentPending how many were embedded since.
	metaComponentBasis   = "component_basis"
	metaComponentPending = "component_pending"
)

// componentDue records that embedded vectors were added and reports
// whether the common component should be recomputed now. force (a first
// build) always recomputes.
func (e *Engine) componentDue(ctx context.Context, embedded int, force bool) (bool, error) {
	if embedded == 0 && !force {
		return false, nil
	}
	basisText, _, err := getMeta(ctx, e.db, metaComponentBasis)
	if err != nil {
		return false, err
	}
	pendingText, _, err := getMeta(ctx, e.db, metaComponentPending)
	if err != nil {
		return false, err
	}
	basis, _ := strconv.Atoi(basisText)
	pending, _ := strconv.Atoi(pendingText)
	pending += embedded
	if force || basis < componentLazyMin || pending*componentDriftDiv >= basis {
		return true, nil
	}
	return false, e.WithTx(ctx, func(tx *sql.Tx) error {
		return setMeta(ctx, tx, metaComponentPending, strconv.Itoa(pending))
	})
}

// recordComponentBasis notes that the component was just computed from n
// vectors.
func recordComponentBasis(ctx context.Context, tx *sql.Tx, n int) error {
	if err := setMeta(ctx, tx, metaComponentBasis, strconv.Itoa(n)); err != nil {
		return err
	}
	return setMeta(ctx, tx, metaComponentPending, "0")
}

// refreshComponent recomputes the common component of the model's
// vectors (for providers that want it) and stores it, reprojecting the
// index, unless it barely moved. changed says vectors changed since the
// stored component was computed. reprojected reports that the index was
// rewritten.
func (e *Engine) refreshComponent(ctx context.Context, p embed.Provider, model string, changed bool) (reprojected bool, err error) {
	if !embed.WantsCommonComponent(p) || !changed {
		return false, nil
	}
	vecs, err := vecstore.RawVectors(ctx, e.db, model)
	if err != nil {
		return false, err
	}
	var pc []float32
	if len(vecs) >= minComponentVectors {
		pc = embed.CommonComponent(vecs)
	}
	old, err := vecstore.Component(ctx, e.db, model)
	if err != nil {
		return false, err
	}
	keep := old == nil && pc == nil
	if old != nil && pc != nil && len(old) == len(pc) {
		var dot float64
		for i := range pc {
			dot += float64(pc[i]) * float64(old[i])
		}
		keep = math.Abs(dot) >= componentKeep
	}
	return !keep, e.WithTx(ctx, func(tx *sql.Tx) error {
		if err := recordComponentBasis(ctx, tx, len(vecs)); err != nil {
			return err
		}
		if keep {
			return nil
		}
		return vecstore.SetComponent(ctx, tx, model, pc)
	})
}
