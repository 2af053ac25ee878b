package pageread

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// The reads below are what a rebuild of an index must reproduce (the rule
// in docs/index-format.md); the tests comparing an index with a rebuild
// read it through them (internal/fixture's IndexState).

// DocIDsByPath reads the doc_id of every document, by file path.
func DocIDsByPath(ctx context.Context, q store.Querier) (map[string]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT filepath, doc_id FROM documents`)
	if err != nil {
		return nil, fmt.Errorf("read documents: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var p, id string
		if err := rows.Scan(&p, &id); err != nil {
			return nil, fmt.Errorf("read documents: %w", err)
		}
		out[p] = id
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read documents: %w", err)
	}
	return out, nil
}

// LinkTarget is a link as resolution left it: the file path of its
// source, its target as written and its line, the file path of the
// document it resolves to ("" when dangling) and whether the target named
// several documents.
type LinkTarget struct {
	Source    string
	Text      string
	Line      int
	Target    string
	Ambiguous bool
}

// LinkTargets reads the LinkTarget of every link.
func LinkTargets(ctx context.Context, q store.Querier) ([]LinkTarget, error) {
	rows, err := q.QueryContext(ctx, `SELECT s.filepath, l.target_text, l.line, coalesce(d.filepath, ''), l.ambiguous
		FROM links l JOIN documents s ON s.id = l.source_id LEFT JOIN documents d ON d.id = l.target_id`)
	if err != nil {
		return nil, fmt.Errorf("read links: %w", err)
	}
	defer rows.Close()
	var out []LinkTarget
	for rows.Next() {
		var l LinkTarget
		if err := rows.Scan(&l.Source, &l.Text, &l.Line, &l.Target, &l.Ambiguous); err != nil {
			return nil, fmt.Errorf("read links: %w", err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read links: %w", err)
	}
	return out, nil
}
