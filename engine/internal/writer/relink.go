package writer

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/graph"
)

// relinkMaxKeys bounds an incremental link resolution: a run that changed
// more documents and names than this re-resolves every link, which is then
// cheaper than looking the keys up one by one.
const relinkMaxKeys = 2000

// relinkMaxLookups bounds the keys and documents a resolver for some links
// is loaded by (see loadResolverFor); past it every document is loaded,
// which also keeps the query under SQLite's limit on parameters.
const relinkMaxLookups = 10000

// relinkSet is what a run changed that link targets depend on: the
// documents it wrote (their own links, whose resolution depends on their
// folder, are re-resolved) and the old and new keys (graph.DocKeys) of
// the documents it added, deleted or wrote with another path, title or
// aliases: only the links matching one of those keys can resolve
// differently (see graph.LinkKeys).
type relinkSet struct {
	docs  map[int64]bool
	names map[string]bool
	texts map[string]bool
}

func newRelinkSet() *relinkSet {
	return &relinkSet{docs: map[int64]bool{}, names: map[string]bool{}, texts: map[string]bool{}}
}

func (s *relinkSet) size() int { return len(s.docs) + len(s.names) + len(s.texts) }

// docNames reads what link resolution knows of document id (ok false
// when there is no such document).
func docNames(ctx context.Context, q store.Querier, id int64) (d graph.DocRef, ok bool, err error) {
	var aliases string
	err = q.QueryRowContext(ctx, `SELECT id, filepath, title, aliases FROM documents WHERE id = ?`, id).
		Scan(&d.ID, &d.Path, &d.Title, &aliases)
	if err == sql.ErrNoRows {
		return d, false, nil
	}
	if err != nil {
		return d, false, fmt.Errorf("read names of document %d: %w", id, err)
	}
	if err := json.Unmarshal([]byte(aliases), &d.Aliases); err != nil {
		return d, false, fmt.Errorf("read aliases of %s: %w", d.Path, err)
	}
	return d, true, nil
}

// addKeys adds the keys of d.
func (s *relinkSet) addKeys(d graph.DocRef) {
	name, texts := graph.DocKeys(d)
	if name != "" {
		s.names[name] = true
	}
	for _, t := range texts {
		s.texts[t] = true
	}
}

// sameNames reports whether two versions of a document are found by the
// same links: same path, title and aliases.
func sameNames(a, b graph.DocRef) bool {
	return a.Path == b.Path && a.Title == b.Title && slices.Equal(a.Aliases, b.Aliases)
}

// addWritten records document id as written: its own links are
// re-resolved, and when its names changed (old is nil for a new document)
// the links matching its old or new keys as well. A document whose path,
// title and aliases stayed the same is found by exactly the same links.
func (s *relinkSet) addWritten(id int64, old *graph.DocRef, now graph.DocRef) {
	if s == nil {
		return
	}
	s.docs[id] = true
	if old != nil && sameNames(*old, now) {
		return
	}
	if old != nil {
		s.addKeys(*old)
	}
	s.addKeys(now)
}

// writeDocKeys replaces the document_keys rows of document d.
func writeDocKeys(ctx context.Context, tx store.Execer, d graph.DocRef) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM document_keys WHERE document_id = ?`, d.ID); err != nil {
		return fmt.Errorf("write keys of %s: %w", d.Path, err)
	}
	name, texts := graph.DocKeys(d)
	if name != "" {
		texts = append(texts, name)
	}
	for _, k := range texts {
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO document_keys(document_id, key) VALUES(?, ?)`, d.ID, k); err != nil {
			return fmt.Errorf("write keys of %s: %w", d.Path, err)
		}
	}
	return nil
}

// loadResolverFor builds a resolver from the documents that links with
// the given keys can resolve to (graph.LinkKeys) and the documents ids
// (the linking documents, for the rule "self"). Resolving those links
// with it gives the same answers as with every document.
func loadResolverFor(ctx context.Context, q store.Querier, keys map[string]bool, ids map[int64]bool) (*graph.Resolver, error) {
	query := `SELECT id, filepath, title, aliases FROM documents WHERE id IN (SELECT document_id FROM document_keys WHERE key IN (''`
	args := make([]any, 0, len(keys)+len(ids))
	for k := range keys {
		query += ", ?"
		args = append(args, k)
	}
	query += ")) OR id IN (0"
	for id := range ids {
		query += ", ?"
		args = append(args, id)
	}
	refs, err := store.LoadDocRefs(ctx, q, query+")", args...)
	if err != nil {
		return nil, err
	}
	return graph.NewResolver(refs), nil
}

// addDeleted records the keys of document id, about to be deleted.
func (s *relinkSet) addDeleted(ctx context.Context, q store.Querier, id int64) error {
	if s == nil {
		return nil
	}
	d, ok, err := docNames(ctx, q, id)
	if ok {
		s.addKeys(d)
	}
	return err
}

// RelinkStats says how a run resolved links (for tests).
type RelinkStats struct {
	Full     bool // every link was re-resolved
	Examined int  // links re-resolved
	Partial  bool // against only the documents those links can name
}

// linkKeyArgs returns the stored form of a link's keys: name_key (NULL
// when any document may match) and text_key.
func linkKeyArgs(k graph.LinkKeys) (sql.NullString, string) {
	return sql.NullString{String: k.Name, Valid: !k.Any}, k.Text
}

// relinkQuery returns the query selecting the links a resolution must
// look at: every link (set nil or too large), or the links of the written
// documents, those matching a changed key and those that may match any
// document.
func relinkQuery(set *relinkSet) (query string, args []any, full bool) {
	const cols = `SELECT l.id, l.source_id, d.filepath, l.kind, l.target_text, l.target_id, l.ambiguous, l.name_key, l.text_key
		FROM links l JOIN documents d ON d.id = l.source_id`
	if set == nil || set.size() > relinkMaxKeys {
		return cols, nil, true
	}
	var conds []string
	in := func(col string, n int) string {
		s := col + " IN (?"
		for i := 1; i < n; i++ {
			s += ", ?"
		}
		return s + ")"
	}
	if len(set.docs) > 0 {
		conds = append(conds, in("l.source_id", len(set.docs)))
		for id := range set.docs {
			args = append(args, id)
		}
	}
	if len(set.names) > 0 {
		conds = append(conds, in("l.name_key", len(set.names)))
		for k := range set.names {
			args = append(args, k)
		}
	}
	if len(set.texts) > 0 {
		conds = append(conds, in("l.text_key", len(set.texts)))
		for k := range set.texts {
			args = append(args, k)
		}
	}
	conds = append(conds, "l.name_key IS NULL")
	q := cols + " WHERE " + conds[0]
	for _, c := range conds[1:] {
		q += " OR " + c
	}
	return q, args, false
}
