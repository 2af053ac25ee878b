package reader

import (
	"context"

	"github.com/ubp-dev/ubp/engine/internal/pageref"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
)

// A page name that names no document by path, doc_id or link resolution
// is matched (pageref.Match) and, failing that, answered with the closest
// pages (pageref.Suggest). Once document_keys holds page lookup's keys as
// well (pageref.DocKeys; meta document_keys is
// store.DocumentKeysWithLookup), both read only the documents the name
// can mean or is near to, through indexes, so that a miss costs the same
// in a corpus of any size; before, every document.

// nearPerSide is how many document keys, and file paths, on either side
// of each of a missed name's probes (pageref.Near) bring their documents
// to pageref.Suggest.
const nearPerSide = 12

// lookupKeysComplete reports whether document_keys holds page lookup's
// keys of every document.
func (r *Reader) lookupKeysComplete(ctx context.Context) (bool, error) {
	v, ok, err := store.GetMeta(ctx, r.db, store.MetaDocumentKeys)
	return ok && v == store.DocumentKeysWithLookup, err
}

// matchDocs returns, in filepath order, the documents pageref.Match needs
// to find key or a "page#Heading" page part of it as over every document:
// those holding one of pageref.MatchKeys(key) (bounded), or every
// document while document_keys lacks page lookup's keys.
func (r *Reader) matchDocs(ctx context.Context, key string) (docs []pageref.Doc, bounded bool, err error) {
	complete, err := r.lookupKeysComplete(ctx)
	if err != nil || !complete {
		if err == nil {
			docs, err = r.pageDocs(ctx)
		}
		return docs, false, err
	}
	rows, err := pageread.LookupRowsByKeys(ctx, r.db, pageref.MatchKeys(key))
	return lookupDocs(rows), true, err
}

// nearDocs returns, in filepath order, the documents pageref.Suggest
// picks the closest to key from: those pageref.Near finds.
func (r *Reader) nearDocs(ctx context.Context, key string) ([]pageref.Doc, error) {
	p := pageref.Near(key)
	rows, err := pageread.LookupRowsNear(ctx, r.db, p.Keys, p.Paths, p.Exact, nearPerSide)
	return lookupDocs(rows), err
}
