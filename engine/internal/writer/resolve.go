package writer

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwrite"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

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
	sel, full := relinkSelection(set)
	var links []docwrite.StoredLink
	var err error
	if full {
		links, err = docwrite.AllLinks(ctx, w.db)
	} else {
		links, err = docwrite.SelectedLinks(ctx, w.db, sel)
	}
	if err != nil {
		return 0, fmt.Errorf("resolve links: %w", err)
	}
	keysFrom, haveKeys, err := store.GetMeta(ctx, w.db, store.MetaDocumentKeys)
	if err != nil {
		return 0, err
	}
	// Keys written before page lookup's own were kept (value "1") are
	// written again, with them, by this resolution over every document.
	haveKeys = haveKeys && keysFrom == store.DocumentKeysWithLookup
	// A few links are resolved against the documents they can name (see
	// loadResolverFor); otherwise, or when a link can name any document,
	// against every document.
	keys, sources := map[string]bool{}, map[int64]bool{}
	partial := !full && haveKeys
	for _, l := range links {
		k := graph.LinkKeysOf(graph.TargetOf(index.LinkKind(l.Kind), l.Text))
		if k.Any {
			partial = false
			break
		}
		keys[k.Name], keys[k.Text], sources[l.SourceID] = true, true, true
	}
	if len(keys)+len(sources) > relinkMaxLookups {
		partial = false // fewer statements than looking up so many
	}
	var r *graph.Resolver
	var refs []graph.DocRef
	if partial {
		r, err = loadResolverFor(ctx, w.db, keys, sources)
	} else {
		refs, err = docwrite.AllDocumentNames(ctx, w.db)
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
		target := graph.TargetOf(index.LinkKind(l.Kind), l.Text)
		res := r.ResolveLink(l.From, index.LinkKind(l.Kind), l.Text)
		want := change{id: l.ID}
		if res.Resolved {
			want.target = sql.NullInt64{Int64: res.ID, Valid: true}
			want.ambiguous = res.Ambiguous
		}
		want.nameKey, want.textKey = linkKeyArgs(graph.LinkKeysOf(target))
		if want.target != l.Target || want.ambiguous != l.Ambiguous || want.nameKey != l.NameKey || want.textKey != l.TextKey {
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
			keysTx := docwrite.NewTx(tx) // its statements prepared once
			for _, d := range refs {
				if err := writeDocKeys(ctx, keysTx, d); err != nil {
					return err
				}
			}
			if err := store.SetMeta(ctx, tx, store.MetaDocumentKeys, store.DocumentKeysWithLookup); err != nil {
				return err
			}
		}
		if len(changes) == 0 {
			return nil
		}
		targets, err := docwrite.PrepareLinkTargets(ctx, tx)
		if err != nil {
			return err
		}
		defer targets.Close()
		for _, c := range changes {
			if err := targets.Set(ctx, c.id, c.target, c.ambiguous, c.nameKey, c.textKey); err != nil {
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
