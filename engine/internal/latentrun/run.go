package latentrun

import (
	"context"
	"database/sql"
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
	Trained bool // a model was (re)trained, and every section placed
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
	// FirstOnly trains only when there is no model (or a damaged one): the
	// runs nobody asked for (a read command bringing the index up to date,
	// the watcher of ubp serve) do not spend seconds on a new model, and
	// the next ubp index trains it when due.
	FirstOnly
)

// Update brings the latent space up to date (see the package comment),
// training a new model as p allows.
func Update(ctx context.Context, db *sql.DB, p Policy) (Report, error) {
	m, ok, err := latentrows.LoadModel(ctx, db)
	if err != nil {
		return Report{}, err
	}
	if ok && (m.Rank < 0 || m.Rank > latent.MaxRank) {
		ok = false // damaged: learn it anew
	}
	due := !ok || p == Always
	if ok && p == WhenDue {
		queued, err := latentrows.CountPending(ctx, db)
		if err != nil {
			return Report{}, err
		}
		// Sections placed since the training, and those about to be: as
		// many as the index held then, train anew instead of placing them
		// in a space the index has outgrown.
		due = m.Added+queued >= m.Basis
	}
	if due {
		placed, err := train(ctx, db)
		if err != nil || placed > 0 {
			return Report{Trained: placed > 0, Placed: placed}, err
		}
		if !ok {
			return Report{}, nil
		}
	}
	placed, err := placeQueued(ctx, db, m.Rank)
	return Report{Placed: placed}, err
}

// train learns a new model from the index's sections (a random sample of
// MaxTrainSections, from a fixed seed, when there are more) and places
// every section in it, in one transaction. It returns the sections
// placed: 0 when the index has fewer than MinSections sections.
func train(ctx context.Context, db *sql.DB) (int, error) {
	ids, err := latentrows.SectionIDs(ctx, db)
	if err != nil || len(ids) < MinSections {
		return 0, err
	}
	n := len(ids)
	var t latent.Trainer
	err = latentrows.Sections(ctx, db, sample(ids, MaxTrainSections), func(s latentrows.Section) error {
		t.Add(latent.Tokens(s.Heading + "\n" + s.Content))
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
			return p.Place(ctx, s, encode(model.Fold(latent.Tokens(s.Heading+"\n"+s.Content))))
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
			var words []string
			seen := map[string]bool{}
			for i, s := range secs {
				toks[i] = latent.Tokens(s.Heading + "\n" + s.Content)
				for _, w := range toks[i] {
					if !seen[w] {
						seen[w] = true
						words = append(words, w)
					}
				}
			}
			model, err := storedModel(ctx, tx, rank, words)
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

// encode is a section's stored vector; nil for none.
func encode(v []float32) []byte {
	if v == nil {
		return nil
	}
	return latent.EncodeUnit(v)
}

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
	return latent.FromEncoded(rank, terms)
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
