package writer

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

type storedLink struct {
	id        int64
	sourceID  int64
	from      string
	kind      index.LinkKind
	text      string
	target    sql.NullInt64
	ambiguous bool
	nameKey   sql.NullString
	textKey   string
}

// resolveLinks re-resolves links against every document, in memory, and
// writes (in one transaction) only the links whose target, ambiguity or
// keys changed. It returns how many links it rewrote. It does nothing when
// no document was written since the last resolution (meta needs_relink
// unset).
//
// With set (what this run changed, when nothing was left unresolved by an
// earlier run) only the links that can resolve differently are looked at:
// the links of the written documents and those whose keys match a name of
// a written or deleted document, before or after (see graph.LinkKeys);
// the outcome is the same as re-resolving every link, which happens when
// set is nil or large.
//
// A link's target depends only on the files as they are now, never on the
// history of the index: a link that still names a renamed document by its
// old name dangles, exactly as it would in an index rebuilt from scratch
// (docs/index-format.md, "Determinism"). It resolves again when the link
// is updated or a document takes the name.
func (w *Writer) resolveLinks(ctx context.Context, set *relinkSet, stats *RelinkStats) (int, error) {
	if _, pending, err := store.GetMeta(ctx, w.db, MetaNeedsRelink); err != nil || !pending {
		return 0, err
	}
	query, args, full := relinkQuery(set)
	links, err := readLinks(ctx, w.db, query, args...)
	if err != nil {
		return 0, err
	}
	_, haveKeys, err := store.GetMeta(ctx, w.db, metaDocumentKeys)
	if err != nil {
		return 0, err
	}
	// A few links are resolved against the documents they can name (see
	// loadResolverFor); otherwise, or when a link can name any document,
	// against every document.
	keys, sources := map[string]bool{}, map[int64]bool{}
	partial := !full && haveKeys
	for _, l := range links {
		k := graph.LinkKeysOf(graph.TargetOf(l.kind, l.text))
		if k.Any {
			partial = false
			break
		}
		keys[k.Name], keys[k.Text], sources[l.sourceID] = true, true, true
	}
	if len(keys)+len(sources) > relinkMaxLookups {
		partial = false // fewer statements than looking up so many
	}
	var r *graph.Resolver
	var refs []graph.DocRef
	if partial {
		r, err = loadResolverFor(ctx, w.db, keys, sources)
	} else {
		refs, err = store.LoadDocRefs(ctx, w.db, `SELECT id, filepath, title, aliases FROM documents`)
		r = graph.NewResolver(refs)
	}
	if err != nil {
		return 0, fmt.Errorf("resolve links: %w", err)
	}
	type change struct {
		id        int64
		target    sql.NullInt64
		ambiguous bool
		nameKey   sql.NullString
		textKey   string
	}
	var changes []change
	examined := len(links)
	for _, l := range links {
		target := graph.TargetOf(l.kind, l.text)
		res := r.Resolve(l.from, target)
		want := change{id: l.id}
		if res.Resolved {
			want.target = sql.NullInt64{Int64: res.ID, Valid: true}
			want.ambiguous = res.Ambiguous
		}
		want.nameKey, want.textKey = linkKeyArgs(graph.LinkKeysOf(target))
		if want.target != l.target || want.ambiguous != l.ambiguous || want.nameKey != l.nameKey || want.textKey != l.textKey {
			changes = append(changes, want)
		}
	}
	fillKeys := !haveKeys && refs != nil
	if stats != nil {
		*stats = RelinkStats{Full: full, Examined: examined, Partial: partial}
	}
	err = store.WithTx(ctx, w.db, func(tx *sql.Tx) error {
		if err := store.DeleteMeta(ctx, tx, MetaNeedsRelink); err != nil {
			return err
		}
		if fillKeys {
			// Every document's keys, once (an index from before they
			// were kept); writes keep them up to date afterwards.
			for _, d := range refs {
				if err := writeDocKeys(ctx, tx, d); err != nil {
					return err
				}
			}
			if err := store.SetMeta(ctx, tx, metaDocumentKeys, "1"); err != nil {
				return err
			}
		}
		if len(changes) == 0 {
			return nil
		}
		stmt, err := tx.PrepareContext(ctx, `UPDATE links SET target_id = ?, ambiguous = ?, name_key = ?, text_key = ? WHERE id = ?`)
		if err != nil {
			return err
		}
		defer stmt.Close()
		for _, c := range changes {
			if _, err := stmt.ExecContext(ctx, c.target, c.ambiguous, c.nameKey, c.textKey, c.id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("resolve links: write targets: %w", err)
	}
	return len(changes), nil
}

// readLinks reads the links query selects (see relinkQuery).
func readLinks(ctx context.Context, q store.Querier, query string, args ...any) ([]storedLink, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("resolve links: read links: %w", err)
	}
	defer rows.Close()
	var links []storedLink
	for rows.Next() {
		var l storedLink
		var kind string
		if err := rows.Scan(&l.id, &l.sourceID, &l.from, &kind, &l.text, &l.target, &l.ambiguous, &l.nameKey, &l.textKey); err != nil {
			return nil, fmt.Errorf("resolve links: read links: %w", err)
		}
		l.kind = index.LinkKind(kind)
		links = append(links, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("resolve links: read links: %w", err)
	}
	return links, nil
}
