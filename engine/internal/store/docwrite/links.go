package docwrite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// LinkTarget is where a stored link points, as read with its written form.
type LinkTarget struct {
	Kind      string
	Text      string // target_text
	Target    sql.NullInt64
	Ambiguous bool
}

// LinkTargetsFrom reads the links of document docID with their targets.
func LinkTargetsFrom(ctx context.Context, q store.Querier, docID int64) ([]LinkTarget, error) {
	rows, err := q.QueryContext(ctx, `SELECT kind, target_text, target_id, ambiguous FROM links WHERE source_id = ?`, docID)
	if err != nil {
		return nil, fmt.Errorf("read links: %w", err)
	}
	defer rows.Close()
	var out []LinkTarget
	for rows.Next() {
		var t LinkTarget
		if err := rows.Scan(&t.Kind, &t.Text, &t.Target, &t.Ambiguous); err != nil {
			return nil, fmt.Errorf("read links: %w", err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read links: %w", err)
	}
	return out, nil
}

// DeleteLinksFrom removes the links of document docID.
func DeleteLinksFrom(ctx context.Context, x store.Execer, docID int64) error {
	if _, err := x.ExecContext(ctx, `DELETE FROM links WHERE source_id = ?`, docID); err != nil {
		return fmt.Errorf("delete links: %w", err)
	}
	return nil
}

// LinkRow is a links row as the writer stores it.
type LinkRow struct {
	SourceID      int64
	SourceSection int
	Target        sql.NullInt64
	TargetText    string
	TargetHeading string
	LinkType      string
	Kind          string
	Alias         string
	Line          int
	Context       string
	Ambiguous     bool
	NameKey       sql.NullString // NULL: the link may name any document
	TextKey       string
	// Rendered marks a link to a page's rendered name (index.Link.Rendered):
	// unresolved, it is not a link (see store.LinkCounted).
	Rendered bool
}

// InsertLink adds a link.
func InsertLink(ctx context.Context, x store.Execer, l LinkRow) error {
	const insert = `INSERT INTO links(source_id, source_section, target_id, target_text,
		target_heading, link_type, kind, alias, line, context, ambiguous, name_key, text_key, rendered)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	if _, err := x.ExecContext(ctx, insert, l.SourceID, l.SourceSection, l.Target, l.TargetText, l.TargetHeading,
		l.LinkType, l.Kind, l.Alias, l.Line, l.Context, l.Ambiguous, l.NameKey, l.TextKey, l.Rendered); err != nil {
		return fmt.Errorf("insert link to %q at line %d: %w", l.TargetText, l.Line, err)
	}
	return nil
}

// StoredLink is a link as link resolution reads it.
type StoredLink struct {
	ID        int64
	SourceID  int64
	From      string // the linking document's filepath
	Kind      string
	Text      string // target_text
	Target    sql.NullInt64
	Ambiguous bool
	NameKey   sql.NullString
	TextKey   string
}

// storedLinks selects StoredLink rows.
const storedLinks = `SELECT l.id, l.source_id, d.filepath, l.kind, l.target_text, l.target_id, l.ambiguous, l.name_key, l.text_key
		FROM links l JOIN documents d ON d.id = l.source_id`

// AllLinks reads every link.
func AllLinks(ctx context.Context, q store.Querier) ([]StoredLink, error) {
	return readLinks(ctx, q, storedLinks)
}

// LinkSelection picks links by their linking document or their keys.
type LinkSelection struct {
	Sources  []int64  // source_id
	NameKeys []string // name_key
	TextKeys []string // text_key
}

// SelectedLinks reads the links sel picks and every link that may name
// any document (name_key NULL).
func SelectedLinks(ctx context.Context, q store.Querier, sel LinkSelection) ([]StoredLink, error) {
	var conds []string
	var args []any
	in := func(col string, n int) string {
		s := col + " IN (?"
		for i := 1; i < n; i++ {
			s += ", ?"
		}
		return s + ")"
	}
	if len(sel.Sources) > 0 {
		conds = append(conds, in("l.source_id", len(sel.Sources)))
		for _, id := range sel.Sources {
			args = append(args, id)
		}
	}
	if len(sel.NameKeys) > 0 {
		conds = append(conds, in("l.name_key", len(sel.NameKeys)))
		for _, k := range sel.NameKeys {
			args = append(args, k)
		}
	}
	if len(sel.TextKeys) > 0 {
		conds = append(conds, in("l.text_key", len(sel.TextKeys)))
		for _, k := range sel.TextKeys {
			args = append(args, k)
		}
	}
	conds = append(conds, "l.name_key IS NULL")
	return readLinks(ctx, q, storedLinks+" WHERE "+strings.Join(conds, " OR "), args...)
}

func readLinks(ctx context.Context, q store.Querier, query string, args ...any) ([]StoredLink, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read links: %w", err)
	}
	defer rows.Close()
	var links []StoredLink
	for rows.Next() {
		var l StoredLink
		if err := rows.Scan(&l.ID, &l.SourceID, &l.From, &l.Kind, &l.Text, &l.Target, &l.Ambiguous, &l.NameKey, &l.TextKey); err != nil {
			return nil, fmt.Errorf("read links: %w", err)
		}
		links = append(links, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read links: %w", err)
	}
	return links, nil
}

// LinkTargetWriter rewrites the targets and keys of links through one
// statement prepared on the transaction.
type LinkTargetWriter struct {
	stmt *sql.Stmt
}

// PrepareLinkTargets prepares a LinkTargetWriter on tx; Close it when
// done.
func PrepareLinkTargets(ctx context.Context, tx *sql.Tx) (*LinkTargetWriter, error) {
	stmt, err := tx.PrepareContext(ctx, `UPDATE links SET target_id = ?, ambiguous = ?, name_key = ?, text_key = ? WHERE id = ?`)
	if err != nil {
		return nil, err
	}
	return &LinkTargetWriter{stmt: stmt}, nil
}

// Set gives link id its target (NULL: dangling), ambiguity and keys. The
// statement does not watch ctx (see store.Uninterrupted); the transaction
// does.
func (w *LinkTargetWriter) Set(ctx context.Context, id int64, target sql.NullInt64, ambiguous bool, nameKey sql.NullString, textKey string) error {
	_, err := w.stmt.ExecContext(store.Uninterrupted(ctx), target, ambiguous, nameKey, textKey, id)
	return err
}

// Close closes the prepared statement.
func (w *LinkTargetWriter) Close() error { return w.stmt.Close() }
