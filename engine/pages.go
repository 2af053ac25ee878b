package engine

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// The accepted values of ListPagesOptions.Sort and Order.
var (
	pageSorts  = []string{"title", "updated_at", "filepath"}
	pageOrders = []string{"asc", "desc"}
)

// validDocType checks a doc_type filter: "" or a known type.
func validDocType(param, s string) error {
	if s == "" {
		return nil
	}
	if _, ok := index.ParseDocType(s); ok {
		return nil
	}
	names := make([]string, len(index.DocTypes))
	for i, t := range index.DocTypes {
		names[i] = string(t)
	}
	return &ArgumentError{Param: param, Message: fmt.Sprintf("%q is not a document type; use one of %s", s, strings.Join(names, ", "))}
}

// ListPages lists documents, filtered by type and sorted. LinkCount counts
// the page's outgoing links (dangling ones included) and the links from
// other pages that resolve to it.
func (e *Engine) ListPages(ctx context.Context, o ListPagesOptions) (ListPagesResult, error) {
	res := ListPagesResult{Pages: []PageSummary{}}
	if err := validDocType("doc_type", o.DocType); err != nil {
		return res, err
	}
	if o.Sort == "" {
		o.Sort = "title"
	}
	if !oneOf(o.Sort, pageSorts) {
		return res, &ArgumentError{Param: "sort", Message: fmt.Sprintf("%q: use one of %s", o.Sort, strings.Join(pageSorts, ", "))}
	}
	if o.Order == "" {
		o.Order = "asc"
	}
	if !oneOf(o.Order, pageOrders) {
		return res, &ArgumentError{Param: "order", Message: fmt.Sprintf("%q: use asc or desc", o.Order)}
	}
	if o.Limit < 0 {
		return res, &ArgumentError{Param: "limit", Message: "must be 0 (no limit) or positive"}
	}
	if o.Offset < 0 {
		return res, &ArgumentError{Param: "offset", Message: "must be 0 or positive"}
	}
	dir := "ASC"
	if o.Order == "desc" {
		dir = "DESC"
	}
	var orderBy string
	switch o.Sort {
	case "title":
		orderBy = "d.title COLLATE NOCASE " + dir + ", d.filepath " + dir
	case "updated_at":
		orderBy = "d.updated_at " + dir + ", d.filepath " + dir
	default:
		orderBy = "d.filepath " + dir
	}
	limit := o.Limit
	if limit == 0 {
		limit = -1 // SQLite: no limit
	}
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM documents WHERE ? = '' OR doc_type = ?`,
			o.DocType, o.DocType).Scan(&res.Total); err != nil {
			return err
		}
		//nolint:gosec // orderBy is fixed column names and ASC/DESC; values are bound
		rows, err := tx.QueryContext(ctx, `SELECT d.doc_id, d.filepath, d.title, d.doc_type, d.updated_at,
			(SELECT count(*) FROM links l WHERE l.source_id = d.id) +
			(SELECT count(*) FROM links l WHERE l.target_id = d.id AND l.source_id <> d.id)
			FROM documents d WHERE ? = '' OR d.doc_type = ?
			ORDER BY `+orderBy+` LIMIT ? OFFSET ?`, o.DocType, o.DocType, limit, o.Offset)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p PageSummary
			var dt string
			if err := rows.Scan(&p.DocID, &p.Filepath, &p.Title, &dt, &p.UpdatedAt, &p.LinkCount); err != nil {
				return err
			}
			p.DocType = index.DocType(dt)
			res.Pages = append(res.Pages, p)
		}
		return rows.Err()
	})
	if err != nil {
		return ListPagesResult{Pages: []PageSummary{}}, fmt.Errorf("list pages: %w", err)
	}
	if o.Limit > 0 && o.Offset+len(res.Pages) < res.Total {
		res.NextOffset = o.Offset + len(res.Pages)
	}
	return res, nil
}

// GetPage returns the whole of one document: ref is its filepath (with or
// without .md, or as seen from the project root), doc_id, title or alias,
// compared without regard to case. An unknown ref gives a *NotFoundError
// with the closest filepaths.
func (e *Engine) GetPage(ctx context.Context, ref string) (Page, error) {
	id, _, err := e.ResolvePage(ctx, ref)
	if err != nil {
		return Page{}, err
	}
	p := Page{Sections: []PageSection{}, Outlinks: []PageLink{}, Backlinks: []PageLink{}}
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		var dt string
		err := tx.QueryRowContext(ctx, `SELECT doc_id, filepath, title, doc_type, updated_at
			FROM documents WHERE id = ?`, id).Scan(&p.DocID, &p.Filepath, &p.Title, &dt, &p.UpdatedAt)
		if err != nil {
			return err
		}
		if p.Content, err = docBody(ctx, tx, id); err != nil {
			return err
		}
		p.DocType = index.DocType(dt)
		if err := readSections(ctx, tx, id, &p); err != nil {
			return err
		}
		if p.Outlinks, err = readPageLinks(ctx, tx, `SELECT t.doc_id, t.filepath, t.title, l.link_type,
			l.target_id IS NOT NULL, l.ambiguous, l.target_text, l.target_heading, l.line
			FROM links l LEFT JOIN documents t ON t.id = l.target_id
			WHERE l.source_id = ? ORDER BY l.line, l.id`, id); err != nil {
			return err
		}
		p.Backlinks, err = readPageLinks(ctx, tx, `SELECT s.doc_id, s.filepath, s.title, l.link_type,
			1, l.ambiguous, l.target_text, l.target_heading, l.line
			FROM links l JOIN documents s ON s.id = l.source_id
			WHERE l.target_id = ? AND l.source_id <> l.target_id ORDER BY s.filepath, l.line, l.id`, id)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return Page{}, &NotFoundError{Query: ref, Suggestions: []string{}} // deleted meanwhile
	}
	if err != nil {
		return Page{}, fmt.Errorf("get page %s: %w", ref, err)
	}
	st, err := e.pageStaleness(ctx, id)
	if err != nil {
		return Page{}, fmt.Errorf("get page %s: %w", ref, err)
	}
	p.Staleness, p.StaleReason, p.SourceRefs, p.StaleRefs = st.level, st.reason, st.refs, st.staleRefs
	if p.SourceRefs == nil {
		p.SourceRefs = []RefStatus{}
	}
	if p.StaleRefs == nil {
		p.StaleRefs = []string{}
	}
	return p, nil
}

func readSections(ctx context.Context, tx *sql.Tx, id int64, p *Page) error {
	rows, err := tx.QueryContext(ctx, `SELECT heading, heading_path, anchor, content, start_line, end_line
		FROM sections WHERE document_id = ? ORDER BY ord`, id)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var s PageSection
		if err := rows.Scan(&s.Heading, &s.HeadingPath, &s.Anchor, &s.Content, &s.StartLine, &s.EndLine); err != nil {
			return err
		}
		p.Sections = append(p.Sections, s)
	}
	return rows.Err()
}

func readPageLinks(ctx context.Context, tx *sql.Tx, query string, id int64) ([]PageLink, error) {
	rows, err := tx.QueryContext(ctx, query, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PageLink{}
	for rows.Next() {
		var l PageLink
		var docID, fp, title sql.NullString
		var lt string
		if err := rows.Scan(&docID, &fp, &title, &lt, &l.Resolved, &l.Ambiguous, &l.Target, &l.TargetHeading, &l.Line); err != nil {
			return nil, err
		}
		l.DocID, l.Filepath, l.Title = docID.String, fp.String, title.String
		l.LinkType = index.LinkType(lt)
		out = append(out, l)
	}
	return out, rows.Err()
}

// LoadGraph returns the in-memory document graph: every document as a
// node, every resolved link as a typed edge. The graph is read once and kept
// until the documents, sections or links change (the search_generation and
// link_generation counters move); callers must not modify it.
func (e *Engine) LoadGraph(ctx context.Context) (*graph.Graph, error) {
	var g *graph.Graph
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		var gen graphGeneration
		if err := tx.QueryRowContext(ctx, `SELECT (SELECT n FROM search_generation), (SELECT n FROM link_generation)`).
			Scan(&gen.docs, &gen.links); err != nil {
			return fmt.Errorf("read generations: %w", err)
		}
		e.graph.mu.Lock()
		defer e.graph.mu.Unlock()
		if e.graph.g != nil && e.graph.gen == gen {
			g = e.graph.g
			return nil
		}
		built, err := readGraph(ctx, tx)
		if err != nil {
			return err
		}
		g = built
		e.graph.g, e.graph.gen = built, gen
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load graph: %w", err)
	}
	return g, nil
}

// graphGeneration identifies the state of the index a cached graph was
// read from.
type graphGeneration struct{ docs, links int64 }

// graphCache is the engine's last link graph and the state it was read at.
type graphCache struct {
	mu  sync.Mutex
	gen graphGeneration
	g   *graph.Graph
}

// readGraph reads every document and resolved link in tx.
func readGraph(ctx context.Context, tx *sql.Tx) (*graph.Graph, error) {
	g := graph.New()
	rows, err := tx.QueryContext(ctx, `SELECT id FROM documents`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		g.AddNode(id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = tx.QueryContext(ctx, `SELECT source_id, target_id, link_type FROM links
		WHERE target_id IS NOT NULL ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var from, to int64
		var lt string
		if err := rows.Scan(&from, &to, &lt); err != nil {
			return nil, err
		}
		g.AddEdge(from, to, index.LinkType(lt))
	}
	return g, rows.Err()
}
