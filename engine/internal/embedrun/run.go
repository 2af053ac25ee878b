package embedrun

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// Scope is what an indexing run tells Run: the search generation when the
// run began (before its writes) and the documents it wrote.
type Scope struct {
	StartGeneration int64
	Docs            []int64
}

// metaEmbeddedGen is "<search generation> <model id>" after a run left
// every section embedded by that model: when a run begins at that
// generation, only the documents it writes can need vectors, so it lists
// their sections instead of hashing every section of the index.
const metaEmbeddedGen = "embedded_generation"

// Run embeds with p every section of db (the writing pool) without a
// current vector, in batches each committed on its own, then refreshes the
// common component and the vector cells. It returns how many sections got
// a vector.
//
// Cancellation: only the provider's EmbedPassages (an HTTP call for
// openai) sees ctx. Every SQL statement, sqlite-vec's included, runs under
// context.WithoutCancel(ctx), because go-sqlite3 answers a cancelled
// context with sqlite3_interrupt from another goroutine, which is racy and
// once crashed a sqlite-vec query. ctx is checked between steps instead:
// on cancellation no new batch starts, but once a batch of vectors was
// stored the common component is still brought in line with
// it (the safe point), and then ctx's error is returned.
func Run(ctx context.Context, db *sql.DB, p embed.Provider, scope Scope) (int, error) {
	r := &run{db: db}
	dbctx := context.WithoutCancel(ctx)
	model := p.ModelID()
	var pending []vecstore.PendingSection
	done, _, err := store.GetMeta(dbctx, db, metaEmbeddedGen)
	if err != nil {
		return 0, err
	}
	scoped := done == fmt.Sprintf("%d %s", scope.StartGeneration, model)
	if scoped {
		pending, err = vecstore.PendingIn(dbctx, db, model, scope.Docs)
	} else {
		pending, err = vecstore.Pending(dbctx, db, model)
	}
	if err != nil {
		return 0, err
	}
	n, err := r.embedSections(ctx, p, model, pending, scoped)
	if err != nil {
		return n, err
	}
	return n, r.markEmbedded(dbctx, model, done)
}

// markEmbedded records that every section is embedded by model at the
// current search generation (unless that is already recorded).
func (r *run) markEmbedded(ctx context.Context, model, recorded string) error {
	gen, err := store.SearchGeneration(ctx, r.db)
	if err != nil {
		return err
	}
	mark := fmt.Sprintf("%d %s", gen, model)
	if mark == recorded {
		return nil
	}
	return r.withTx(ctx, func(tx *sql.Tx) error { return store.SetMeta(ctx, tx, metaEmbeddedGen, mark) })
}

// run is one embedding step, writing through db.
type run struct {
	db *sql.DB // the writing pool
}

// withTx runs fn in one write transaction.
func (r *run) withTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return store.WithTx(ctx, r.db, fn)
}
