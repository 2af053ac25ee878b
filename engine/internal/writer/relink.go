package writer

import (
	"context"
	"database/sql"
	"maps"
	"slices"

	"github.com/ubp-dev/ubp/engine/internal/pageref"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwrite"
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

// addKeys adds the keys of d.
func (s *relinkSet) addKeys(d graph.DocRef) {
	names, texts := graph.DocKeys(d)
	for _, n := range names {
		s.names[n] = true
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

// writeDocKeys replaces the document_keys rows of document d: its link
// keys (graph.DocKeys) and those page lookup finds it by besides
// (pageref.DocKeys).
func writeDocKeys(ctx context.Context, tx store.Execer, d graph.DocRef) error {
	names, texts := graph.DocKeys(d)
	texts = append(texts, names...)
	texts = append(texts, pageref.DocKeys(d.Path, d.Title, d.Aliases, texts)...)
	return docwrite.ReplaceDocumentKeys(ctx, tx, d, texts)
}

// loadResolverFor builds a resolver from the documents that links with
// the given keys can resolve to (graph.LinkKeys) and the documents ids
// (the linking documents, for the rule "self"). Resolving those links
// with it gives the same answers as with every document.
func loadResolverFor(ctx context.Context, q store.Querier, keys map[string]bool, ids map[int64]bool) (*graph.Resolver, error) {
	refs, err := store.DocRefsNamedBy(ctx, q, slices.Collect(maps.Keys(keys)), slices.Collect(maps.Keys(ids)))
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
	d, ok, err := docwrite.DocumentNames(ctx, q, id)
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

// relinkSelection returns the links a resolution must look at: every
// link (set nil or too large: full), or the links of the written
// documents and those matching a changed key (and, always, those that may
// match any document).
func relinkSelection(set *relinkSet) (sel docwrite.LinkSelection, full bool) {
	if set == nil || set.size() > relinkMaxKeys {
		return sel, true
	}
	for id := range set.docs {
		sel.Sources = append(sel.Sources, id)
	}
	for k := range set.names {
		sel.NameKeys = append(sel.NameKeys, k)
	}
	for k := range set.texts {
		sel.TextKeys = append(sel.TextKeys, k)
	}
	return sel, false
}
