package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/ubp-dev/ubp/index"
)

// A document's Markdown body is mostly the text of its sections, which
// the sections table holds already. So documents.body stores, when
// documents.body_kind is bodyKindSkeleton, only what lies between the
// sections (blank lines, the final newline), with one sectionMark where
// each section's content goes, in section order; the body is rebuilt from
// it and the sections' content. A body that cannot be rebuilt exactly that
// way (CRLF line endings, a NUL byte, a section not found in order) is
// stored whole (bodyKindWhole), as are bodies written before migration
// 0009.
const (
	bodyKindWhole    = 0
	bodyKindSkeleton = 1
	sectionMark      = "\x00"
)

// bodySkeleton returns what documents.body stores for body cut into secs,
// with its body_kind.
func bodySkeleton(body string, secs []index.Section) (string, int) {
	if len(secs) == 0 || strings.Contains(body, sectionMark) {
		return body, bodyKindWhole
	}
	var b strings.Builder
	contents := make([]string, len(secs))
	rest := body
	for i, s := range secs {
		if s.Content == "" {
			return body, bodyKindWhole
		}
		j := strings.Index(rest, s.Content)
		if j < 0 {
			return body, bodyKindWhole
		}
		b.WriteString(rest[:j])
		b.WriteString(sectionMark)
		rest = rest[j+len(s.Content):]
		contents[i] = s.Content
	}
	b.WriteString(rest)
	sk := b.String()
	// Rebuilt and compared, so a stored skeleton always gives the body
	// back byte for byte.
	if got, err := rebuildBody(sk, contents); err != nil || got != body {
		return body, bodyKindWhole
	}
	return sk, bodyKindSkeleton
}

// rebuildBody puts contents (the sections' content, in order) in place of
// the marks of skeleton.
func rebuildBody(skeleton string, contents []string) (string, error) {
	if n := strings.Count(skeleton, sectionMark); n != len(contents) {
		return "", fmt.Errorf("stored body has %d section marks for %d sections (run `ubp index --full` to rebuild it)", n, len(contents))
	}
	size := len(skeleton)
	for _, c := range contents {
		size += len(c)
	}
	var b strings.Builder
	b.Grow(size)
	i := 0
	for _, c := range contents {
		j := strings.Index(skeleton[i:], sectionMark)
		b.WriteString(skeleton[i : i+j])
		b.WriteString(c)
		i += j + len(sectionMark)
	}
	b.WriteString(skeleton[i:])
	return b.String(), nil
}

// docBody reads the Markdown body of document id.
func docBody(ctx context.Context, q querier, id int64) (string, error) {
	var (
		stored string
		kind   int
	)
	if err := q.QueryRowContext(ctx, `SELECT body, body_kind FROM documents WHERE id = ?`, id).Scan(&stored, &kind); err != nil {
		return "", err
	}
	if kind != bodyKindSkeleton {
		return stored, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT content FROM sections WHERE document_id = ? ORDER BY ord`, id)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var contents []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return "", err
		}
		contents = append(contents, c)
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	return rebuildBody(stored, contents)
}
