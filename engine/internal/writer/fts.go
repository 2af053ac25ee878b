package writer

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store"
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
// build needs its counters moved once, at its end, not per row. Whatever stops the build
// (an error, cancellation, a crash), the next writer finds the meta row and
// restores the triggers and rebuilds the tables before anything else, so
// the index never stays without them. Readers of an index under its first
// build see no full-text matches until it ends, as they see no documents.

// ftsDeferMinDocs: a first build of fewer documents keeps the triggers (the
// rebuild is not worth its transaction).
const ftsDeferMinDocs = 200

// metaFTSDeferred holds the dropped triggers (JSON ftsDeferral) while a
// build defers the full-text index.
const metaFTSDeferred = "fts_deferred"

// ftsDeferral is what restoreFTS needs: the triggers to create again, the
// full-text tables to rebuild and the generation counters to move.
type ftsDeferral struct {
	Tables   []string `json:"tables"`
	Triggers []string `json:"triggers"` // CREATE TRIGGER statements, as stored by SQLite
	Counters []string `json:"counters,omitempty"`
}

// fts5TableRE picks the name out of an fts5 table's CREATE statement.
var fts5TableRE = regexp.MustCompile(`(?is)^CREATE\s+VIRTUAL\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?["'\x60\[]?(\w+)["'\x60\]]?\s+USING\s+fts5\s*\((.*)\)\s*$`)

// contentSectionsRE tells whether an fts5 table's options index the
// sections table (content='sections').
var contentSectionsRE = regexp.MustCompile(`(?i)content\s*=\s*["']?sections["']?(?:\s*,|\s*$)`)

// deferFTS drops the triggers that feed the full-text tables over sections
// and records them, when the run is a first build of at least
// ftsDeferMinDocs documents. It reports whether it did.
func (w *Writer) deferFTS(ctx context.Context, plan *runPlan) (bool, error) {
	if len(plan.jobs) < ftsDeferMinDocs {
		return false, nil
	}
	var n int
	if err := w.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM sections LIMIT 1)`).Scan(&n); err != nil {
		return false, fmt.Errorf("index: count sections: %w", err)
	}
	if n > 0 {
		return false, nil // not a first build
	}
	deferred := false
	err := store.WithTx(ctx, w.db, func(tx *sql.Tx) error {
		d, err := ftsTriggers(ctx, tx)
		if err != nil || len(d.Triggers) == 0 {
			return err
		}
		blob, err := json.Marshal(d)
		if err != nil {
			return err
		}
		if err := store.SetMeta(ctx, tx, metaFTSDeferred, string(blob)); err != nil {
			return err
		}
		for _, name := range d.names {
			if _, err := tx.ExecContext(ctx, `DROP TRIGGER `+quoteIdent(name)); err != nil {
				return fmt.Errorf("drop trigger %s: %w", name, err)
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
// creates the recorded triggers again and rebuilds the full-text tables
// from the sections, in one transaction. Without a deferral it does
// nothing.
func (w *Writer) restoreFTS(ctx context.Context) error {
	blob, ok, err := store.GetMeta(ctx, w.db, metaFTSDeferred)
	if err != nil || !ok {
		return err
	}
	var d ftsDeferral
	if err := json.Unmarshal([]byte(blob), &d); err != nil {
		return fmt.Errorf("index: read %s: %w (delete .ubp/index.db and run `ubp index` to rebuild)", metaFTSDeferred, err)
	}
	err = store.WithTx(ctx, w.db, func(tx *sql.Tx) error {
		for _, t := range d.Tables {
			if err := rebuildFTS(ctx, tx, t); err != nil {
				return err
			}
		}
		for _, stmt := range d.Triggers {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("create trigger: %w", err)
			}
		}
		// The build changed the rows these counters stand for without
		// moving them: move each once.
		for _, c := range d.Counters {
			if _, err := tx.ExecContext(ctx, `UPDATE `+quoteIdent(c)+` SET n = n + 1`); err != nil { //nolint:gosec // c is a table name read from the engine's own schema, quoted
				return fmt.Errorf("move %s: %w", c, err)
			}
		}
		return store.DeleteMeta(ctx, tx, metaFTSDeferred)
	})
	if err != nil {
		return fmt.Errorf("index: build the full-text index: %w", err)
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

// rebuildFTS rebuilds full-text table t from its content table.
func rebuildFTS(ctx context.Context, tx *sql.Tx, t string) error {
	q := quoteIdent(t)
	for _, stmt := range []string{
		fmt.Sprintf(`INSERT INTO %[1]s(%[1]s, rank) VALUES ('automerge', %d)`, q, ftsRebuildAutomerge),
		fmt.Sprintf(`INSERT INTO %[1]s(%[1]s) VALUES ('rebuild')`, q),
		fmt.Sprintf(`INSERT INTO %[1]s(%[1]s, rank) VALUES ('automerge', %d)`, q, ftsAutomerge),
	} {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("rebuild %s: %w", t, err)
		}
	}
	return nil
}

// ftsTriggersFound is ftsDeferral plus the trigger names.
type ftsTriggersFound struct {
	ftsDeferral
	names []string
}

// counterTriggerRE picks the counter table a trigger moves (UPDATE
// search_generation SET n = n + 1 ...).
var counterTriggerRE = regexp.MustCompile(`(?i)\bUPDATE\s+["'\x60\[]?(\w+_generation)\b["'\x60\]]?\s+SET\s+n\s*=\s*n\s*\+\s*1\b`)

// ftsTriggers finds the fts5 tables whose content is the sections table,
// the triggers on sections that write to them, and the triggers on
// sections, documents and links that move a generation counter (and whose
// statement does nothing else).
func ftsTriggers(ctx context.Context, q store.Querier) (ftsTriggersFound, error) {
	var f ftsTriggersFound
	rows, err := q.QueryContext(ctx, `SELECT name, type, tbl_name, sql FROM sqlite_master
		WHERE sql IS NOT NULL AND (type = 'table' OR (type = 'trigger' AND tbl_name IN ('sections', 'documents', 'links'))) ORDER BY name`)
	if err != nil {
		return f, fmt.Errorf("read schema: %w", err)
	}
	defer rows.Close()
	type trig struct{ name, table, sql string }
	var trigs []trig
	for rows.Next() {
		var name, typ, tbl, stmt string
		if err := rows.Scan(&name, &typ, &tbl, &stmt); err != nil {
			return f, fmt.Errorf("read schema: %w", err)
		}
		if typ == "trigger" {
			trigs = append(trigs, trig{name, tbl, stmt})
			continue
		}
		if m := fts5TableRE.FindStringSubmatch(stmt); m != nil && contentSectionsRE.MatchString(m[2]) {
			f.Tables = append(f.Tables, m[1])
		}
	}
	if err := rows.Err(); err != nil {
		return f, fmt.Errorf("read schema: %w", err)
	}
	counters := map[string]bool{}
	for _, t := range trigs {
		if m := counterTriggerRE.FindStringSubmatch(t.sql); m != nil && onlyCounterUpdate(t.sql) {
			f.Triggers = append(f.Triggers, t.sql)
			f.names = append(f.names, t.name)
			if !counters[m[1]] {
				counters[m[1]] = true
				f.Counters = append(f.Counters, m[1])
			}
			continue
		}
		if t.table != "sections" {
			continue
		}
		for _, table := range f.Tables {
			if regexp.MustCompile(`(?i)\bINSERT\s+INTO\s+["'\x60\[]?` + regexp.QuoteMeta(table) + `\b`).MatchString(t.sql) {
				f.Triggers = append(f.Triggers, t.sql)
				f.names = append(f.names, t.name)
				break
			}
		}
	}
	return f, nil
}

// onlyCounterUpdate reports whether a trigger's body is one statement (so
// dropping it for a build drops nothing but the counter update).
func onlyCounterUpdate(sql string) bool {
	i := strings.Index(strings.ToUpper(sql), "BEGIN")
	if i < 0 {
		return false
	}
	body := strings.TrimSpace(sql[i+len("BEGIN"):])
	body = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(body), "END")), ";"))
	return !strings.Contains(body, ";")
}

// quoteIdent quotes an SQL identifier.
func quoteIdent(s string) string {
	out := []byte{'"'}
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			out = append(out, '"')
		}
		out = append(out, s[i])
	}
	return string(append(out, '"'))
}
