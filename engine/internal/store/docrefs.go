package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ubp-dev/ubp/graph"
)

// DocRefColumns are the columns LoadDocRefs reads, in its order.
const DocRefColumns = `id, filepath, title, aliases`

// LoadResolver builds a link resolver from every indexed document: the
// writer resolves links with it, the read side finds the page a name
// means.
func LoadResolver(ctx context.Context, q Querier) (*graph.Resolver, error) {
	refs, err := LoadDocRefs(ctx, q, `SELECT `+DocRefColumns+` FROM documents`)
	if err != nil {
		return nil, err
	}
	return graph.NewResolver(refs), nil
}

// LoadDocRefs reads the documents query selects (DocRefColumns) as link
// resolution knows them.
func LoadDocRefs(ctx context.Context, q Querier, query string, args ...any) ([]graph.DocRef, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read documents: %w", err)
	}
	defer rows.Close()
	var refs []graph.DocRef
	for rows.Next() {
		var d graph.DocRef
		var aliases string
		if err := rows.Scan(&d.ID, &d.Path, &d.Title, &aliases); err != nil {
			return nil, fmt.Errorf("read documents: %w", err)
		}
		if err := json.Unmarshal([]byte(aliases), &d.Aliases); err != nil {
			return nil, fmt.Errorf("read aliases of %s: %w", d.Path, err)
		}
		refs = append(refs, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read documents: %w", err)
	}
	return refs, nil
}

// DocRefsNamedBy reads, as link resolution knows them, the documents
// holding one of keys (document_keys, see graph.DocKeys) and the documents
// ids. A resolver over them resolves a target whose graph.LinkKeysOf are
// among keys (and not Any) as one over every document does.
func DocRefsNamedBy(ctx context.Context, q Querier, keys []string, ids []int64) ([]graph.DocRef, error) {
	query := `SELECT ` + DocRefColumns + ` FROM documents WHERE id IN (SELECT document_id FROM document_keys WHERE key IN (''`
	args := make([]any, 0, len(keys)+len(ids))
	for _, k := range keys {
		query += ", ?"
		args = append(args, k)
	}
	query += ")) OR id IN (0"
	for _, id := range ids {
		query += ", ?"
		args = append(args, id)
	}
	return LoadDocRefs(ctx, q, query+")", args...)
}
