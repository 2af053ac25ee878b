package reader

import (
	"context"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/pageref"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/graph"
)

// A page name that names no document by path, doc_id or link resolution
// is matched (pageref.Match) and, failing that, answered with the closest
// pages (pageref.Suggest). Once document_name_variants is complete (with
// document_keys, meta key document_keys), both read only the documents the
// name can mean or is close to, so that a miss costs the same in a corpus
// of any size; before, every document.

// maxPageSplits bounds the "page#Heading" splits a name is matched in
// through document_name_variants; a name with more '#' than that is
// matched against every document.
const maxPageSplits = 32

// maxSuggestDocs bounds the documents one-letter variants and words of a
// missed name bring to pageref.Suggest (a word such as "guide" may name
// thousands); the closest MaxSuggestions of them are suggested.
const maxSuggestDocs = 200

// suggestFollowing is how many keys of document_keys following a missed
// name (names starting with it among them) bring their documents to
// pageref.Suggest.
const suggestFollowing = 20

// pageSplits returns the positions of the '#' of key that may end a page
// name ("page#Heading"), the last first.
func pageSplits(key string) []int {
	var out []int
	for i := len(key) - 1; i > 0; i-- {
		if key[i] == '#' {
			out = append(out, i)
		}
	}
	return out
}

// matchDocs returns, in filepath order, the documents pageref.Match needs
// to find key or a "page#Heading" prefix of it as over every document:
// those holding one of its pageref.MatchProbes (bounded), or every
// document while document_name_variants is incomplete or key has too
// many '#'.
func (r *Reader) matchDocs(ctx context.Context, key string) (docs []pageref.Doc, bounded bool, err error) {
	_, complete, err := store.GetMeta(ctx, r.db, store.MetaDocumentKeys)
	if err != nil {
		return nil, false, err
	}
	splits := pageSplits(key)
	if !complete || len(splits) > maxPageSplits {
		docs, err = r.pageDocs(ctx)
		return docs, false, err
	}
	probes := pageref.MatchProbes(key)
	for _, i := range splits {
		probes = append(probes, pageref.MatchProbes(strings.TrimSpace(key[:i]))...)
	}
	rows, err := pageread.LookupRowsByHashes(ctx, r.db, probes, -1, nil)
	return lookupDocs(rows), true, err
}

// suggestDocs returns, in filepath order, the documents pageref.Suggest
// picks the closest to key from: those holding one of its
// pageref.SuggestProbes (at most maxSuggestDocs) and those of the
// suggestFollowing keys that follow its link keys in document_keys.
func (r *Reader) suggestDocs(ctx context.Context, key string) ([]pageref.Doc, error) {
	k := graph.LinkKeysOf(key)
	var ids []int64
	for _, from := range []string{k.Name, k.Text} {
		if from == "" {
			continue
		}
		got, err := pageread.DocumentsWithKeysFrom(ctx, r.db, from, suggestFollowing)
		if err != nil {
			return nil, err
		}
		ids = append(ids, got...)
	}
	rows, err := pageread.LookupRowsByHashes(ctx, r.db, pageref.SuggestProbes(key), maxSuggestDocs, ids)
	return lookupDocs(rows), err
}
