package latentrun

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/latent"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/latentrows"
)

const (
	// MinSections is the smallest index that gets a model: a model has a
	// dimension per latent.SectionsPerRank sections, and fewer than ten
	// dimensions hold no useful meaning.
	MinSections = 100
	// MaxTrainSections bounds the sections a training reads, and so its
	// memory and time: a larger index is sampled evenly.
	MaxTrainSections = 10_000
	// batch is the number of queued sections placed per transaction.
	batch = 500
)

// Report says what one update did.
type Report struct {
	Trained bool // a model was (re)trained and every section placed, or dropped
	Placed  int  // sections placed in the space
}

// Policy says when an update may train the space anew.
type Policy int

const (
	// WhenDue trains when there is no model yet, when the sections placed
	// since the training and those waiting reach the number the index held
	// then (the sections doubled), or when the stored model is damaged.
	WhenDue Policy = iota
	// Always trains anew (a full re-index rebuilds what the index learned).
	Always
	// Bounded trains as WhenDue does, but a first or due model only for an
	// index of at most MaxTrainSections sections (seconds at most); a
	// damaged one is learnt anew at any size. The runs nobody asked for (a
	// read command bringing the index up to date, ubp serve and its
	// watcher) so never spend more on a model, and the next ubp index
	// trains a larger index's when due.
	Bounded
)

// Update brings the latent space up to date (see the package comment),
// training a new model as p allows. A damaged model (a rank no model has,
// a term vector of the wrong length) is learnt anew, or dropped when the
// index has fewer than MinSections sections, so that the next run mends
// what a search reported.
func Update(ctx context.Context, db *sql.DB, p Policy) (Report, error) {
	m, ok, err := latentrows.LoadModel(ctx, db)
	if err != nil {
		return Report{}, err
	}
	damaged := ok && (m.Rank < 0 || m.Rank > latent.MaxRank)
	due := !ok || damaged || p == Always
	if ok && !damaged && p != Always {
		queued, err := latentrows.CountPending(ctx, db)
		if err != nil {
			return Report{}, err
		}
		// Sections placed since the training, and those about to be: as
		// many as the index held then, train anew instead of placing them
		// in a space the index has outgrown.
		due = m.Added+queued >= m.Basis
	}
	if !due {
		placed, err := placeQueued(ctx, db, m.Rank)
		if !errors.Is(err, errDamaged) {
			return Report{Placed: placed}, err
		}
		damaged = true // a term vector: learn it anew below
	}
	bound := 0
	if p == Bounded && !damaged {
		bound = MaxTrainSections
	}
	rep, err := renew(ctx, db, ok, bound)
	if err != nil || rep.Trained || !ok || damaged {
		return rep, err
	}
	placed, err := placeQueued(ctx, db, m.Rank)
	return Report{Placed: placed}, err
}

// renew trains a new model (see train). When the index is too small for
// one and a model is stored (hadModel), the model is dropped: a space
// learnt from a larger index, or damaged, gives way to none, as the index
// would have now. maxSections > 0 leaves a larger index untouched.
func renew(ctx context.Context, db *sql.DB, hadModel bool, maxSections int) (Report, error) {
	if maxSections > 0 {
		// counted up to the bound only: a run on a larger index reads no
		// more than that
		n, err := latentrows.CountSections(ctx, db, maxSections+1)
		if err != nil || n > maxSections {
			return Report{}, err
		}
	}
	ids, err := latentrows.SectionIDs(ctx, db)
	if err != nil {
		return Report{}, err
	}
	if len(ids) < MinSections {
		if !hadModel {
			return Report{}, nil
		}
		return Report{Trained: true}, store.WithTx(ctx, db, func(tx *sql.Tx) error { return latentrows.Drop(ctx, tx) })
	}
	placed, err := train(ctx, db, ids)
	return Report{Trained: true, Placed: placed}, err
}

// train learns a new model from the index's sections (a random sample of
// MaxTrainSections, from a fixed seed, when there are more) and places
// every section in it, in one transaction. ids are every section's. It
// returns the sections placed.
func train(ctx context.Context, db *sql.DB, ids []int64) (int, error) {
	n := len(ids)
	var t latent.Trainer
	err := latentrows.Sections(ctx, db, sample(ids, MaxTrainSections), func(s latentrows.Section) error {
		t.Add(sectionTokens(s))
		return ctx.Err()
	})
	if err != nil {
		return 0, fmt.Errorf("index: train the latent space: %w", err)
	}
	// A model of rank 0 (sections sharing too few terms) is stored too,
	// with its basis, so that it is not learnt again at every run but
	// when the sections have doubled; it places nothing.
	model := t.Model()
	terms := make([]latentrows.Term, 0, len(model.Terms))
	for text, i := range model.Terms {
		terms = append(terms, latentrows.Term{Text: text, IDF: model.IDF[i], Vec: latent.EncodeTerm(model.Vec(i))})
	}
	slices.SortFunc(terms, func(a, b latentrows.Term) int { return strings.Compare(a.Text, b.Text) })
	placed := 0
	err = store.WithTx(ctx, db, func(tx *sql.Tx) error {
		placed = 0
		if err := latentrows.Replace(ctx, tx, latentrows.Model{Rank: model.Rank, Basis: n}, terms); err != nil {
			return err
		}
		p, err := latentrows.NewPlacer(ctx, tx)
		if err != nil {
			return err
		}
		defer p.Close()
		return latentrows.EachSection(ctx, tx, func(s latentrows.Section) error {
			placed++
			return p.Place(ctx, s, encode(model.Fold(sectionTokens(s))))
		})
	})
	if err != nil {
		return 0, fmt.Errorf("index: train the latent space: %w", err)
	}
	return placed, nil
}

// sample is at most k of ids, drawn at random from a fixed seed (so the
// same index gives the same sample), in id order. A stride would not do:
// a document's sections have consecutive ids, so in a corpus of pages
// alike (a title and the same headings) every k-th section can be the
// same part of every page.
func sample(ids []int64, k int) []int64 {
	if len(ids) <= k {
		return ids
	}
	out := slices.Clone(ids)
	slices.Sort(out)
	r := rand.New(rand.NewPCG(5, 6)) //nolint:gosec // a fixed seed: the same index gives the same sample; nothing secret
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	out = out[:k]
	slices.Sort(out)
	return out
}

// placeQueued places the queued sections in the stored model of the given
// rank, a batch per transaction, reading the vectors of each batch's
// terms only.
func placeQueued(ctx context.Context, db *sql.DB, rank int) (int, error) {
	total := 0
	for {
		n := 0
		err := store.WithTx(ctx, db, func(tx *sql.Tx) error {
			secs, err := latentrows.Pending(ctx, tx, batch)
			if err != nil || len(secs) == 0 {
				return err
			}
			n = len(secs)
			toks := make([][]string, len(secs))
			for i, s := range secs {
				toks[i] = sectionTokens(s)
			}
			model, err := storedModel(ctx, tx, rank, latent.Distinct(slices.Concat(toks...)))
			if err != nil {
				return err
			}
			p, err := latentrows.NewPlacer(ctx, tx)
			if err != nil {
				return err
			}
			defer p.Close()
			for i, s := range secs {
				if err := p.Place(ctx, s, encode(model.Fold(toks[i]))); err != nil {
					return err
				}
			}
			return latentrows.AddPlaced(ctx, tx, len(secs))
		})
		if err != nil {
			return total, fmt.Errorf("index: place sections in the latent space: %w", err)
		}
		if n == 0 {
			return total, nil
		}
		total += n
	}
}

// sectionTokens are the terms of a section's heading and content.
func sectionTokens(s latentrows.Section) []string { return latent.Tokens(s.Heading + "\n" + s.Content) }

// encode is a section's stored vector; nil for none.
func encode(v []float32) []byte {
	if v == nil {
		return nil
	}
	return latent.EncodeUnit(v)
}

// errDamaged marks a stored model that cannot be read: learn it anew.
var errDamaged = errors.New("the stored latent space is damaged")

// storedModel reads the part of the stored model (of the given rank) that
// holds words (see latent.FromEncoded).
func storedModel(ctx context.Context, q store.Querier, rank int, words []string) (*latent.Model, error) {
	rows, err := latentrows.Terms(ctx, q, words)
	if err != nil {
		return nil, err
	}
	terms := make([]latent.EncodedTerm, len(rows))
	for i, r := range rows {
		terms[i] = latent.EncodedTerm(r)
	}
	m, err := latent.FromEncoded(rank, terms)
	if err != nil {
		// the rows were read: their bytes are what is wrong
		return nil, fmt.Errorf("%w: %w", errDamaged, err)
	}
	return m, nil
}

// State is what status shows of the space: the model's rank and the
// sections it was trained on (0 and 0 without a model), and the sections
// waiting to be placed.
func State(ctx context.Context, q store.Querier) (rank, basis, queued int, err error) {
	m, _, err := latentrows.LoadModel(ctx, q)
	if err != nil {
		return 0, 0, 0, err
	}
	queued, err = latentrows.CountPending(ctx, q)
	return m.Rank, m.Basis, queued, err
}
