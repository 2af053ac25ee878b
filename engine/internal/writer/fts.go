package writer

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwrite"
)

// A first build fills the full-text index in one pass instead of row by
// row. FTS5 indexes inserted rows in small segments that it merges again
// and again as they pile up; a 'rebuild' over the finished sections table
// writes each term once. On 2,000 documents that is about a quarter of the
// CPU time of the row-by-row triggers.
//
// While a build defers the index, the triggers that keep every full-text
// table over sections in step are dropped, and their SQL is kept in meta
// (metaFTSDeferred) in the same transaction. So are the triggers that move
// the generation counters (search_generation, link_generation) on every
// row written: they doubled the cost of inserting a link, and a first
// build needs its counters moved once, at its end, not per row. So are the
// secondary indexes of links that the build's writes never read
// (docwrite.DeferrableIndexes): the build resolves its links while they
// are gone (see Run), so each is sorted once when it is created again
// instead of updated for every link twice. Whatever stops the build
// (an error, cancellation, a crash), the next writer finds the meta row and
// restores the triggers and rebuilds the tables before anything else, so
// the index never stays without them. Readers of an index under its first
// build see no full-text matches until it ends, as they see no documents.
//
// At 10,000 documents (36,000 links), resolving the links of a first build
// took 3.5–4.0 s with the indexes and the link counter's trigger in place,
// 1.8 s without them; creating the five indexes again takes 0.09 s.

// ftsDeferMinDocs: a first build of fewer documents keeps the triggers (the
// rebuild is not worth its transaction).
const ftsDeferMinDocs = 200

// metaFTSDeferred holds the dropped triggers (JSON ftsDeferral) while a
// build defers the full-text index.
const metaFTSDeferred = "fts_deferred"

// ftsDeferral is what restoreFTS needs: the triggers and indexes to create
// again, the full-text tables to rebuild and the generation counters to
// move.
type ftsDeferral struct {
	Tables   []string `json:"tables"`
	Triggers []string `json:"triggers"` // CREATE TRIGGER statements, as stored by SQLite
	Counters []string `json:"counters,omitempty"`
	Indexes  []string `json:"indexes,omitempty"` // CREATE INDEX statements, as stored by SQLite
}

// deferFTS drops the triggers that feed the full-text tables over sections
// and move the generation counters, and the deferrable indexes of links,
// and records them, when the run is a first build of at least
// ftsDeferMinDocs documents. It reports whether it did.
func (w *Writer) deferFTS(ctx context.Context, plan *runPlan) (bool, error) {
	if len(plan.jobs) < ftsDeferMinDocs {
		return false, nil
	}
	has, err := docwrite.HasSections(ctx, w.db)
	if err != nil {
		return false, fmt.Errorf("index: %w", err)
	}
	if has {
		return false, nil // not a first build
	}
	deferred := false
	err = store.WithTx(ctx, w.db, func(tx *sql.Tx) error {
		f, err := docwrite.FindFullTextTriggers(ctx, tx)
		if err != nil || len(f.Triggers) == 0 {
			return err
		}
		indexNames, indexes, err := docwrite.DeferrableIndexes(ctx, tx)
		if err != nil {
			return err
		}
		blob, err := json.Marshal(ftsDeferral{Tables: f.Tables, Triggers: f.Triggers, Counters: f.Counters, Indexes: indexes})
		if err != nil {
			return err
		}
		if err := store.SetMeta(ctx, tx, metaFTSDeferred, string(blob)); err != nil {
			return err
		}
		for _, name := range f.Names {
			if err := docwrite.DropTrigger(ctx, tx, name); err != nil {
				return err
			}
		}
		for _, name := range indexNames {
			if err := docwrite.DropIndex(ctx, tx, name); err != nil {
				return err
			}
		}
		deferred = true
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("index: defer the full-text index: %w", err)
	}
	return deferred, nil
}

// restoreFTS ends a deferral (this run's or an interrupted one's): it
// creates the recorded indexes and triggers again and rebuilds the
// full-text tables from the sections, in one transaction. Without a
// deferral it does nothing.
func (w *Writer) restoreFTS(ctx context.Context) error {
	blob, ok, err := store.GetMeta(ctx, w.db, metaFTSDeferred)
	if err != nil || !ok {
		return err
	}
	var d ftsDeferral
	if err := json.Unmarshal([]byte(blob), &d); err != nil {
		return answer.WithRemedy(fmt.Errorf("index: read %s: %w", metaFTSDeferred, err), answer.RemedyDeleteIndex)
	}
	err = store.WithTx(ctx, w.db, func(tx *sql.Tx) error {
		for _, stmt := range d.Indexes {
			if err := docwrite.CreateIndex(ctx, tx, stmt); err != nil {
				return err
			}
		}
		if err := rebuildWithTriggers(ctx, tx, d.Tables, d.Triggers, d.Counters); err != nil {
			return err
		}
		return store.DeleteMeta(ctx, tx, metaFTSDeferred)
	})
	if err != nil {
		return fmt.Errorf("index: build the full-text index: %w", err)
	}
	return nil
}

// rebuildWithTriggers ends a time without the full-text triggers: it
// rebuilds the full-text tables from the sections, creates the triggers
// again (CREATE TRIGGER statements as stored) and moves each generation
// counter once, for the rows changed without moving it.
func rebuildWithTriggers(ctx context.Context, tx *sql.Tx, tables, triggers, counters []string) error {
	for _, t := range tables {
		if err := docwrite.RebuildFullText(ctx, tx, t, ftsRebuildAutomerge, ftsAutomerge); err != nil {
			return err
		}
	}
	for _, stmt := range triggers {
		if err := docwrite.CreateTrigger(ctx, tx, stmt); err != nil {
			return err
		}
	}
	for _, c := range counters {
		if err := docwrite.MoveCounter(ctx, tx, c); err != nil {
			return err
		}
	}
	return nil
}

// FTS5 merges its segments as a rebuild writes them: with its default
// automerge of 4, every level is merged as soon as four segments pile up,
// so the postings are rewritten many times over. A rebuild merges with
// ftsRebuildAutomerge (at most 16) instead, a third less CPU time for the
// trigram index of 10,000 documents, and leaves about as many segments
// (queries measured as fast); the table gets ftsAutomerge back for the
// row-by-row updates that follow.
const (
	ftsRebuildAutomerge = 16
	ftsAutomerge        = 4 // FTS5's default
)
