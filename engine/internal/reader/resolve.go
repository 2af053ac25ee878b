package reader

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/pageref"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index/discover"
)

// ResolvePage finds the document a user or agent means by ref: its
// filepath (relative to the docs folder, with or without .md; also
// accepted as written from the project root or as an absolute path) or its
// doc_id; otherwise the document [[ref]] in a file at the docs root links
// to (graph.Resolver: path, file name or path suffix, alias, title, the
// last three ignoring case; ties go to the shallowest path); then a path
// ignoring case (see pageref.Match). An unknown ref gives an
// *answer.NotFoundError listing up to 5 closest filepaths; an empty ref
// gives an *answer.ArgumentError. docsDir is the absolute docs folder,
// configured the docs_dir of the configuration (see pageref.Normalize).
func (r *Reader) ResolvePage(ctx context.Context, ref, docsDir, configured string) (id int64, filepath string, err error) {
	m, err := r.ResolvePageRef(ctx, ref, docsDir, configured)
	return m.ID, m.Filepath, err
}

// PageMatch is the document a page ref names, as ResolvePageRef finds it.
type PageMatch struct {
	ID       int64
	Filepath string
	// Fragment is the heading of a ref "page#Heading" found in that form.
	Fragment string
	// Others are the filepaths of the other documents the ref names as
	// well (a file name, title or alias several share), the one chosen
	// being the preferred (shallowest path, then path order).
	Others []string
}

// ResolvePageRef is ResolvePage that also returns the heading a ref of the
// form "page#Heading" names, when the page was found through that form
// ("" otherwise).
func (r *Reader) ResolvePageRef(ctx context.Context, ref, docsDir, configured string) (PageMatch, error) {
	key := pageref.Normalize(ref, docsDir, configured)
	if key == "" {
		return PageMatch{}, &answer.ArgumentError{Param: "page", Message: answer.EmptyPage}
	}
	// Normalize reads '\' as a Windows separator; a file whose name holds
	// one (possible elsewhere) is named by its path as written.
	if strings.ContainsRune(ref, '\\') {
		if id, filepath, err := pageread.DocumentByPathOrDocID(ctx, r.db, norm.NFC.String(strings.TrimSpace(ref))); err == nil {
			return PageMatch{ID: id, Filepath: filepath}, nil
		}
	}
	// A filepath as answers name it comes first, also when it starts with
	// the docs folder's name (docs/guide.md in the docs folder docs, the
	// file docs/docs/guide.md): Normalize reads that as written from the
	// project root, which it means only when no page has it as filepath.
	if asIs := pageref.Normalize(ref, docsDir, ""); asIs != key {
		if id, filepath, err := pageread.DocumentByPathOrDocID(ctx, r.db, asIs); err == nil {
			return PageMatch{ID: id, Filepath: filepath}, nil
		}
	}
	// Fast path: an exact filepath or doc_id uses the unique indexes.
	id, filepath, err := pageread.DocumentByPathOrDocID(ctx, r.db, key)
	if err == nil {
		return PageMatch{ID: id, Filepath: filepath}, nil
	}
	// Then exactly as [[key]] in a file at the docs root resolves.
	if m, ok, err := r.resolveAsLink(ctx, key); err != nil {
		return PageMatch{}, fmt.Errorf("find page %q: %w", ref, err)
	} else if ok {
		return m, nil
	}
	docs, bounded, err := r.matchDocs(ctx, key)
	if err != nil {
		return PageMatch{}, fmt.Errorf("find page %q: %w", ref, err)
	}
	if d := pageref.Match(docs, key); d != nil {
		return PageMatch{ID: d.ID, Filepath: d.Path}, nil
	}
	// "page#Heading" names a page too (a title may hold '#', so this comes
	// last). Either may hold a '#' ("cs.md#C# Guide", "C##Setup"): the
	// longest page name that matches wins.
	for i := len(key) - 1; i > 0; i-- {
		if key[i] != '#' {
			continue
		}
		name, fragment := strings.TrimSpace(key[:i]), strings.TrimSpace(key[i+1:])
		if d := pageref.Match(docs, name); d != nil {
			return PageMatch{ID: d.ID, Filepath: d.Path, Fragment: fragment}, nil
		}
		// The page part as [[name]] resolves it too, as the page alone
		// is: a file name of a page below the docs root (guide.md#Setup
		// for a/guide.md), which until 2026-11-28 was not found with a
		// heading though it was without one.
		if m, ok, err := r.resolveAsLink(ctx, name); err != nil {
			return PageMatch{}, fmt.Errorf("find page %q: %w", ref, err)
		} else if ok {
			m.Fragment = fragment
			return m, nil
		}
	}
	if bounded {
		// The documents near key, rather than those it names.
		if docs, err = r.nearDocs(ctx, key); err != nil {
			return PageMatch{}, fmt.Errorf("find page %q: %w", ref, err)
		}
	}
	if name, ok := asLinkWritesIt(ref); ok {
		// The page a link copied from a document's content leads to.
		if m, err := r.ResolvePageRef(ctx, name, docsDir, configured); err == nil {
			return m, nil
		}
	}
	nf := &answer.NotFoundError{Query: ref, Suggestions: pageref.Suggest(docs, key)}
	if skipped, err := pageread.SkippedFiles(ctx, r.rdb); err == nil {
		// A name not UTF-8 is listed escaped (discover.EscapeName): named
		// by its bytes on disk, or as the listing shows it, which Normalize
		// would read otherwise ('\\' as a separator).
		written := discover.EscapeName(strings.TrimSpace(ref))
		for _, w := range skipped {
			if namesFile(key, w.File) || namesFile(written, w.File) {
				// The file is there: its reason, not other pages.
				nf.Skipped, nf.Suggestions = w.Message, nil
				break
			}
		}
	}
	return PageMatch{}, nf
}

// resolveAsLink finds the page [[key]] in a file at the docs root links
// to, with the other pages the name fits as well; ok is false when the
// link would dangle.
func (r *Reader) resolveAsLink(ctx context.Context, key string) (m PageMatch, ok bool, err error) {
	res, _, err := r.resolverFor(ctx, key)
	if err != nil {
		return PageMatch{}, false, err
	}
	found := res.Resolve("", key)
	if !found.Resolved {
		return PageMatch{}, false, nil
	}
	m.ID = found.ID
	for i, id := range append([]int64{found.ID}, found.Candidates...) {
		if i > 0 && id == found.ID {
			continue // Candidates lists the chosen one first
		}
		p, err := pageread.DocumentPath(ctx, r.db, id)
		if err != nil {
			return PageMatch{}, false, err
		}
		if i == 0 {
			m.Filepath = p
		} else {
			m.Others = append(m.Others, p)
		}
	}
	return m, true, nil
}

// resolverFor is a link resolver that resolves key as one over every
// document does: over the documents whose file name, title or alias key
// key can mean (document_keys, as the writer's re-resolution uses it),
// or over every document when those keys are not complete yet or key can
// name any document (a folder, ".."). byKeys tells which.
func (r *Reader) resolverFor(ctx context.Context, key string) (res *graph.Resolver, byKeys bool, err error) {
	k := graph.LinkKeysOf(key)
	_, complete, err := store.GetMeta(ctx, r.db, store.MetaDocumentKeys)
	if err != nil {
		return nil, false, err
	}
	if k.Any || !complete {
		res, err = store.LoadResolver(ctx, r.db)
		return res, false, err
	}
	refs, err := store.DocRefsNamedBy(ctx, r.db, []string{k.Name, k.Text}, nil)
	if err != nil {
		return nil, false, err
	}
	return graph.NewResolver(refs), true, nil
}

// pageDocs reads what page lookup needs of every document, in filepath
// order.
func (r *Reader) pageDocs(ctx context.Context) ([]pageref.Doc, error) {
	rows, err := pageread.LookupRows(ctx, r.db)
	return lookupDocs(rows), err
}

// lookupDocs turns rows into what page lookup needs of them.
func lookupDocs(rows []pageread.LookupRow) []pageref.Doc {
	var out []pageref.Doc
	for _, row := range rows {
		d := pageref.Doc{ID: row.ID, DocID: row.DocID, Path: row.Path, Title: row.Title}
		_ = json.Unmarshal([]byte(row.Aliases), &d.Aliases) // malformed: no aliases
		out = append(out, d)
	}
	return out
}

// namesFile reports whether a page name names the file rel (relative to
// the docs folder): its path or file name, with or without extension.
func namesFile(name, rel string) bool {
	noExt := strings.TrimSuffix(rel, path.Ext(rel))
	for _, c := range []string{rel, noExt, path.Base(rel), path.Base(noExt)} {
		if strings.EqualFold(c, name) {
			return true
		}
	}
	return false
}

// asLinkWritesIt is the page name in ref written as a document's link
// writes it, for a ref that names no page as written: a wiki-link's target
// and heading ([[設計方針#概要|depends_on]] → 設計方針#概要, also ![[...]]),
// or a Markdown link's target with its percent-escapes decoded
// (./%E8%A8%AD%E8%A8%88.md → ./設計.md), as the index reads both. An
// agent copies them from a page's content; before, such a name was not
// found, the escaped path without a suggestion. ok is false when ref is in
// neither form.
func asLinkWritesIt(ref string) (string, bool) {
	s := strings.TrimSpace(ref)
	if inner, ok := strings.CutPrefix(strings.TrimPrefix(s, "!"), "[["); ok {
		if inner, ok = strings.CutSuffix(inner, "]]"); ok {
			inner, _, _ = strings.Cut(inner, "|")
			inner = strings.TrimSpace(inner)
			return inner, inner != ""
		}
	}
	if strings.Contains(s, "%") {
		if d, err := url.PathUnescape(s); err == nil && d != s && strings.TrimSpace(d) != "" {
			return d, true
		}
	}
	return "", false
}
