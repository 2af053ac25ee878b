package docwrite

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// The full-text tables over sections (sections_fts, sections_words) are
// fed by triggers on sections, and the generation counters
// (search_generation, link_generation) are moved by triggers on sections,
// documents and links. A first build drops those triggers, fills the
// tables in one rebuild each and moves each counter once: the functions
// below find, drop and create the triggers, rebuild a table and move a
// counter; the writer decides when.

// HasSections reports whether the index holds any section.
func HasSections(ctx context.Context, q store.Querier) (bool, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM sections LIMIT 1)`).Scan(&n); err != nil {
		return false, fmt.Errorf("count sections: %w", err)
	}
	return n > 0, nil
}

// FullTextTriggers are the fts5 tables whose content is the sections
// table, and the triggers a first build drops: those on sections that
// write to those tables and those that move a generation counter.
type FullTextTriggers struct {
	Tables   []string // the fts5 tables over sections
	Triggers []string // CREATE TRIGGER statements, as stored by SQLite
	Names    []string // the triggers' names, in the order of Triggers
	Counters []string // the counter tables the triggers move
}

// fts5TableRE picks the name out of an fts5 table's CREATE statement.
var fts5TableRE = regexp.MustCompile(`(?is)^CREATE\s+VIRTUAL\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?["'\x60\[]?(\w+)["'\x60\]]?\s+USING\s+fts5\s*\((.*)\)\s*$`)

// contentSectionsRE tells whether an fts5 table's options index the
// sections table (content='sections', or its folded view 'sections_folded').
var contentSectionsRE = regexp.MustCompile(`(?i)content\s*=\s*["']?sections(?:_folded)?["']?(?:\s*,|\s*$)`)

// counterTriggerRE picks the counter table a trigger moves (UPDATE
// search_generation SET n = n + 1 ...).
var counterTriggerRE = regexp.MustCompile(`(?i)\bUPDATE\s+["'\x60\[]?(\w+_generation)\b["'\x60\]]?\s+SET\s+n\s*=\s*n\s*\+\s*1\b`)

// FindFullTextTriggers reads the schema for the fts5 tables whose content
// is the sections table, the triggers on sections that write to them, and
// the triggers on sections, documents and links that move a generation
// counter (and whose statement does nothing else).
func FindFullTextTriggers(ctx context.Context, q store.Querier) (FullTextTriggers, error) {
	var f FullTextTriggers
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
			f.Names = append(f.Names, t.name)
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
				f.Names = append(f.Names, t.name)
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

// DropTrigger drops trigger name.
func DropTrigger(ctx context.Context, x store.Execer, name string) error {
	if _, err := x.ExecContext(ctx, `DROP TRIGGER `+quoteIdent(name)); err != nil {
		return fmt.Errorf("drop trigger %s: %w", name, err)
	}
	return nil
}

// CreateTrigger creates a trigger again from stmt, its CREATE TRIGGER
// statement as FindFullTextTriggers read it.
func CreateTrigger(ctx context.Context, x store.Execer, stmt string) error {
	if _, err := x.ExecContext(ctx, stmt); err != nil {
		return fmt.Errorf("create trigger: %w", err)
	}
	return nil
}

// MoveCounter moves generation counter table forward by one.
func MoveCounter(ctx context.Context, x store.Execer, table string) error {
	if _, err := x.ExecContext(ctx, `UPDATE `+quoteIdent(table)+` SET n = n + 1`); err != nil { //nolint:gosec // table is a table name read from the engine's own schema, quoted
		return fmt.Errorf("move %s: %w", table, err)
	}
	return nil
}

// RebuildFullText rebuilds fts5 table t from its content table, merging
// up to mergeDuring segments at a time while it writes and setting the
// table's automerge to mergeAfter for the updates that follow.
func RebuildFullText(ctx context.Context, x store.Execer, t string, mergeDuring, mergeAfter int) error {
	q := quoteIdent(t)
	for _, stmt := range []string{
		fmt.Sprintf(`INSERT INTO %[1]s(%[1]s, rank) VALUES ('automerge', %d)`, q, mergeDuring),
		fmt.Sprintf(`INSERT INTO %[1]s(%[1]s) VALUES ('rebuild')`, q),
		fmt.Sprintf(`INSERT INTO %[1]s(%[1]s, rank) VALUES ('automerge', %d)`, q, mergeAfter),
	} {
		if _, err := x.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("rebuild %s: %w", t, err)
		}
	}
	return nil
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
