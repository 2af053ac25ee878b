package ftsrows

import (
	"context"
	"fmt"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// SectionText is one section as the scans read it: its text folded
// (sections_folded, see engine/query/textfold), as queries are.
type SectionText struct {
	ID, Doc          int64
	Heading, Content string
}

// SectionsContainingAny calls fn for every section whose folded heading or
// content contains one of terms (instr(), exact bytes), in one pass.
func SectionsContainingAny(ctx context.Context, q store.Querier, terms []string, fn func(SectionText) error) error {
	var where []string
	args := make([]any, len(terms))
	for i, t := range terms {
		args[i] = t
		where = append(where, fmt.Sprintf("instr(content, ?%[1]d) > 0 OR instr(heading, ?%[1]d) > 0", i+1))
	}
	err := scanSections(ctx, q, `SELECT id, document_id, heading, content FROM sections_folded WHERE `+strings.Join(where, " OR "), args, fn)
	if err != nil {
		return fmt.Errorf("scan the sections for short terms: %w", err)
	}
	return nil
}

// SectionsContainingFolded calls fn for every section whose folded heading
// or content contains text, ASCII letters' case folded too (LIKE).
func SectionsContainingFolded(ctx context.Context, q store.Querier, text string, fn func(SectionText) error) error {
	pat := "%" + likeEscaper.Replace(text) + "%"
	err := scanSections(ctx, q, `
		SELECT id, document_id, heading, content FROM sections_folded
		WHERE content LIKE ?1 ESCAPE '\' OR heading LIKE ?1 ESCAPE '\'`, []any{pat}, fn)
	if err != nil {
		return fmt.Errorf("scan the sections for %q: %w", text, err)
	}
	return nil
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

func scanSections(ctx context.Context, q store.Querier, stmt string, args []any, fn func(SectionText) error) error {
	rows, err := q.QueryContext(ctx, stmt, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var s SectionText
		if err := rows.Scan(&s.ID, &s.Doc, &s.Heading, &s.Content); err != nil {
			return err
		}
		if err := fn(s); err != nil {
			return err
		}
	}
	return rows.Err()
}
