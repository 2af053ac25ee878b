package reader

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/pageref"
	"github.com/ubp-dev/ubp/engine/internal/store"
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
	key := pageref.Normalize(ref, docsDir, configured)
	if key == "" {
		return 0, "", &answer.ArgumentError{Param: "page", Message: "must name a document (filepath, title or alias)"}
	}
	// Fast path: an exact filepath or doc_id uses the unique indexes.
	err = r.db.QueryRowContext(ctx, `SELECT id, filepath FROM documents
		WHERE filepath IN (?, ?, ?) OR doc_id = ? ORDER BY filepath = ? DESC LIMIT 1`,
		key, key+".md", key+".markdown", key, key).Scan(&id, &filepath)
	if err == nil {
		return id, filepath, nil
	}
	// Then exactly as [[key]] in a file at the docs root resolves.
	res, err := store.LoadResolver(ctx, r.db)
	if err != nil {
		return 0, "", fmt.Errorf("find page %q: %w", ref, err)
	}
	if found := res.Resolve("", key); found.Resolved {
		err := r.db.QueryRowContext(ctx, `SELECT filepath FROM documents WHERE id = ?`, found.ID).Scan(&filepath)
		if err != nil {
			return 0, "", fmt.Errorf("find page %q: %w", ref, err)
		}
		return found.ID, filepath, nil
	}
	docs, err := r.pageDocs(ctx)
	if err != nil {
		return 0, "", fmt.Errorf("find page %q: %w", ref, err)
	}
	if d := pageref.Match(docs, key); d != nil {
		return d.ID, d.Path, nil
	}
	// "page#Heading" names a page too (a title may hold '#', so this comes last).
	if i := strings.LastIndexByte(key, '#'); i > 0 {
		if d := pageref.Match(docs, strings.TrimSpace(key[:i])); d != nil {
			return d.ID, d.Path, nil
		}
	}
	return 0, "", &answer.NotFoundError{Query: ref, Suggestions: pageref.Suggest(docs, key)}
}

// pageDocs reads what page lookup needs of every document, in filepath
// order.
func (r *Reader) pageDocs(ctx context.Context) ([]pageref.Doc, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT id, doc_id, filepath, title, aliases FROM documents ORDER BY filepath`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []pageref.Doc
	for rows.Next() {
		var d pageref.Doc
		var aliases string
		if err := rows.Scan(&d.ID, &d.DocID, &d.Path, &d.Title, &aliases); err != nil {
			return nil, err
		}
		_ = json.Unmarshal([]byte(aliases), &d.Aliases) // malformed: no aliases
		out = append(out, d)
	}
	return out, rows.Err()
}
