package vecstore

import (
	"cmp"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
)

// PendingSection is a section that needs a (new) vector.
type PendingSection struct {
	SectionID int64
	// TextHash identifies the text to embed (see TextHash).
	TextHash string
	// Text is what to embed; filled by LoadTexts.
	Text string
}

// textRecipe versions SectionText: change it when the recipe changes, so
// every section is embedded again.
const textRecipe = "v1"

// SectionText is the text embedded for a section: the document title, the
// heading path and the section's Markdown, one per paragraph (empty parts
// left out).
func SectionText(title, headingPath, content string) string {
	var parts []string
	for _, p := range []string{title, headingPath, content} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, "\n\n")
}

// TextHash identifies SectionText(title, headingPath, content) through the
// section's content_hash (SHA-256 of heading and content), so it is
// computed without reading the content.
func TextHash(title, headingPath, contentHash string) string {
	h := sha256.New()
	for _, s := range []string{textRecipe, title, headingPath, contentHash} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// pendingSelect lists sections with what decides whether they are
// pending; PendingIn adds a filter on documents.
const pendingSelect = `
		SELECT s.id, d.title, s.heading_path, s.content_hash, e.model, e.text_hash
		FROM sections s
		JOIN documents d ON d.id = s.document_id
		LEFT JOIN section_embeddings e ON e.section_id = s.id`

// Pending lists, in section id order, the sections that have no stored
// embedding for model or whose text changed since. Sections embedded
// without a vector (nothing to embed) are not pending while their text is
// unchanged.
func Pending(ctx context.Context, q Querier, model string) ([]PendingSection, error) {
	rows, err := q.QueryContext(ctx, pendingSelect+` ORDER BY s.id`)
	if err != nil {
		return nil, fmt.Errorf("list sections to embed: %w", err)
	}
	defer rows.Close()
	var out []PendingSection
	for rows.Next() {
		if err := scanPending(rows, model, &out); err != nil {
			return nil, err
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list sections to embed: %w", err)
	}
	return out, nil
}

// PendingIn is Pending over the sections of the given documents only: the
// cost follows the documents, not the index.
func PendingIn(ctx context.Context, q Querier, model string, docIDs []int64) ([]PendingSection, error) {
	var out []PendingSection
	err := sqlbatch.QueryIDs(ctx, q, docIDs, pendingSelect+` WHERE s.document_id IN (%s)`, func(rows *sql.Rows) error {
		return scanPending(rows, model, &out)
	})
	if err != nil {
		return nil, fmt.Errorf("list sections to embed: %w", err)
	}
	slices.SortFunc(out, func(a, b PendingSection) int { return cmp.Compare(a.SectionID, b.SectionID) })
	return slices.CompactFunc(out, func(a, b PendingSection) bool { return a.SectionID == b.SectionID }), nil
}

// scanPending reads one row of pendingSelect and appends the section to
// out when it is pending.
func scanPending(rows *sql.Rows, model string, out *[]PendingSection) error {
	var (
		id                       int64
		title, path, contentHash string
		storedModel, storedHash  *string
	)
	if err := rows.Scan(&id, &title, &path, &contentHash, &storedModel, &storedHash); err != nil {
		return fmt.Errorf("list sections to embed: %w", err)
	}
	h := TextHash(title, path, contentHash)
	if storedModel != nil && *storedModel == model && *storedHash == h {
		return nil
	}
	*out = append(*out, PendingSection{SectionID: id, TextHash: h})
	return nil
}

// LoadTexts fills Text (and refreshes TextHash) of each pending section.
// A section deleted since Pending is dropped from the result.
func LoadTexts(ctx context.Context, q Querier, ps []PendingSection) ([]PendingSection, error) {
	out := ps[:0:0]
	ids := make([]int64, len(ps))
	for i, p := range ps {
		ids[i] = p.SectionID
	}
	err := sqlbatch.QueryIDs(ctx, q, ids, `
		SELECT s.id, d.title, s.heading_path, s.content, s.content_hash
		FROM sections s JOIN documents d ON d.id = s.document_id
		WHERE s.id IN (%s)
		ORDER BY s.id`, func(rows *sql.Rows) error {
		var (
			p                                 PendingSection
			title, path, content, contentHash string
		)
		if err := rows.Scan(&p.SectionID, &title, &path, &content, &contentHash); err != nil {
			return err
		}
		p.Text = SectionText(title, path, content)
		p.TextHash = TextHash(title, path, contentHash)
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load section texts: %w", err)
	}
	return out, nil
}
