package pageread

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// Outlinks reads the links of document id, dangling ones included, with
// the documents they resolve to, in line order. An unresolved link to a
// rendered name is no link (store.LinkCounted).
func Outlinks(ctx context.Context, q store.Querier, id int64) ([]answer.PageLink, error) {
	return pageLinks(ctx, q, `SELECT t.doc_id, t.filepath, t.title, l.link_type,
			l.target_id IS NOT NULL, l.ambiguous, l.target_text, l.target_heading, l.line
			FROM links l LEFT JOIN documents t ON t.id = l.target_id
			WHERE l.source_id = ? AND `+store.LinkCounted+` ORDER BY l.line, l.id`, id)
}

// Backlinks reads the links from other documents that resolve to
// document id, with their sources, by source file path and line.
func Backlinks(ctx context.Context, q store.Querier, id int64) ([]answer.PageLink, error) {
	return pageLinks(ctx, q, `SELECT s.doc_id, s.filepath, s.title, l.link_type,
			1, l.ambiguous, l.target_text, l.target_heading, l.line
			FROM links l JOIN documents s ON s.id = l.source_id
			WHERE l.target_id = ? AND l.source_id <> l.target_id ORDER BY s.filepath, l.line, l.id`, id)
}

func pageLinks(ctx context.Context, q store.Querier, query string, id int64) ([]answer.PageLink, error) {
	rows, err := q.QueryContext(ctx, query, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []answer.PageLink{}
	for rows.Next() {
		var l answer.PageLink
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

// LinkGraph reads the whole document graph: every document as a node,
// every resolved link as a typed edge.
func LinkGraph(ctx context.Context, q store.Querier) (*graph.Graph, error) {
	g := graph.New()
	rows, err := q.QueryContext(ctx, `SELECT id FROM documents`)
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
	rows, err = q.QueryContext(ctx, `SELECT source_id, target_id, link_type FROM links
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

// DanglingLink is a link whose target resolves to no document.
type DanglingLink struct {
	Source int64  // the linking document
	Target string // the target as written
	Type   index.LinkType
	Kind   index.LinkKind // wiki-link, embed or Markdown link
}

// danglingColumns are the columns of links (as l) scanDangling reads.
const danglingColumns = `l.source_id, l.target_text, l.link_type, l.kind`

// scanDangling reads a row of danglingColumns.
func scanDangling(rows *sql.Rows) (DanglingLink, error) {
	var l DanglingLink
	var lt, kind string
	if err := rows.Scan(&l.Source, &l.Target, &lt, &kind); err != nil {
		return DanglingLink{}, err
	}
	l.Type, _ = index.ParseLinkType(lt)
	l.Kind = index.LinkKind(kind)
	return l, nil
}

// DanglingLinks reads the distinct dangling links of every document.
func DanglingLinks(ctx context.Context, q store.Querier) ([]DanglingLink, error) {
	rows, err := q.QueryContext(ctx, `SELECT DISTINCT `+danglingColumns+` FROM links l WHERE `+store.LinkDangling)
	if err != nil {
		return nil, fmt.Errorf("read dangling links: %w", err)
	}
	defer rows.Close()
	var out []DanglingLink
	for rows.Next() {
		l, err := scanDangling(rows)
		if err != nil {
			return nil, fmt.Errorf("read dangling links: %w", err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read dangling links: %w", err)
	}
	return out, nil
}

// FirstDanglingLinks reads up to limit dangling links with where they are
// written, by linking file and line (read through the partial index on
// unresolved links).
func FirstDanglingLinks(ctx context.Context, q store.Querier, limit int) ([]answer.DanglingLink, error) {
	rows, err := q.QueryContext(ctx, `SELECT d.filepath, l.line, l.target_text FROM links l JOIN documents d ON d.id = l.source_id
		WHERE `+store.LinkDangling+` ORDER BY d.filepath, l.line, l.target_text LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("read dangling links: %w", err)
	}
	defer rows.Close()
	out := []answer.DanglingLink{}
	for rows.Next() {
		var l answer.DanglingLink
		if err := rows.Scan(&l.Filepath, &l.Line, &l.Target); err != nil {
			return nil, fmt.Errorf("read dangling links: %w", err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read dangling links: %w", err)
	}
	return out, nil
}

// DanglingLinksFrom reads the distinct dangling links of the documents
// ids, in batches (through the index on the links' source).
func DanglingLinksFrom(ctx context.Context, q store.Querier, ids []int64) ([]DanglingLink, error) {
	var out []DanglingLink
	err := sqlbatch.QueryIDs(ctx, q, ids, `SELECT DISTINCT `+danglingColumns+` FROM links l
		WHERE l.source_id IN (%s) AND `+store.LinkDangling, func(rows *sql.Rows) error {
		l, err := scanDangling(rows)
		if err != nil {
			return err
		}
		out = append(out, l)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read dangling links: %w", err)
	}
	return out, nil
}

// HeadingTarget is a document a link names a heading of: its row id and
// the headings of its indexed sections (Heading, HeadingPath, Anchor).
type HeadingTarget struct {
	ID       int64
	Sections []answer.PageSection
}

// HeadingTargets reads, keyed by doc_id, every document a link of document
// id names a heading of (target_heading set), with its sections' headings,
// in one statement.
func HeadingTargets(ctx context.Context, q store.Querier, id int64) (map[string]*HeadingTarget, error) {
	rows, err := q.QueryContext(ctx, `SELECT t.doc_id, t.id, s.heading, s.heading_path, s.anchor
			FROM documents t LEFT JOIN sections s ON s.document_id = t.id
			WHERE t.id IN (SELECT target_id FROM links
				WHERE source_id = ? AND target_heading <> '' AND target_id IS NOT NULL)
			ORDER BY t.id, s.ord`, id)
	if err != nil {
		return nil, fmt.Errorf("read linked headings' documents: %w", err)
	}
	defer rows.Close()
	out := map[string]*HeadingTarget{}
	for rows.Next() {
		var docID string
		var tid int64
		var heading, path, anchor sql.NullString
		if err := rows.Scan(&docID, &tid, &heading, &path, &anchor); err != nil {
			return nil, err
		}
		t := out[docID]
		if t == nil {
			t = &HeadingTarget{ID: tid}
			out[docID] = t
		}
		if heading.Valid {
			t.Sections = append(t.Sections, answer.PageSection{Heading: heading.String, HeadingPath: path.String, Anchor: anchor.String})
		}
	}
	return out, rows.Err()
}

// HeadingLink is a link that resolves to a page and names a heading of it.
type HeadingLink struct {
	answer.BrokenAnchor       // where it is written, the page's path, the heading
	TargetID            int64 // the page it resolves to
}

// HeadingLinks reads every link that resolves to a page and names a heading
// of it, by linking file and line, and the indexed sections of the pages
// they reach (their outline, by document id).
func HeadingLinks(ctx context.Context, q store.Querier) ([]HeadingLink, map[int64][]answer.PageSection, error) {
	rows, err := q.QueryContext(ctx, `SELECT d.filepath, l.line, t.filepath, l.target_heading, l.target_id
		FROM links l JOIN documents d ON d.id = l.source_id JOIN documents t ON t.id = l.target_id
		WHERE l.target_heading <> '' AND l.target_id IS NOT NULL
		ORDER BY d.filepath, l.line, t.filepath, l.target_heading`)
	if err != nil {
		return nil, nil, fmt.Errorf("read links to headings: %w", err)
	}
	defer rows.Close()
	var out []HeadingLink
	for rows.Next() {
		var l HeadingLink
		if err := rows.Scan(&l.Filepath, &l.Line, &l.Target, &l.Heading, &l.TargetID); err != nil {
			return nil, nil, fmt.Errorf("read links to headings: %w", err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("read links to headings: %w", err)
	}
	sections := map[int64][]answer.PageSection{}
	if len(out) == 0 {
		return out, sections, nil
	}
	srows, err := q.QueryContext(ctx, `SELECT s.document_id, s.heading, s.heading_path, s.anchor FROM sections s
		WHERE s.document_id IN (SELECT target_id FROM links WHERE target_heading <> '' AND target_id IS NOT NULL)
		ORDER BY s.document_id, s.ord`)
	if err != nil {
		return nil, nil, fmt.Errorf("read linked headings: %w", err)
	}
	defer srows.Close()
	for srows.Next() {
		var id int64
		var s answer.PageSection
		if err := srows.Scan(&id, &s.Heading, &s.HeadingPath, &s.Anchor); err != nil {
			return nil, nil, fmt.Errorf("read linked headings: %w", err)
		}
		sections[id] = append(sections[id], s)
	}
	return out, sections, srows.Err()
}
