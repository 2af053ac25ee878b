package ftsrows

import (
	"context"
	"fmt"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// SectionText is one section as the scans read it, its text as written:
// the caller folds it (textfold.String) before it counts.
type SectionText struct {
	ID, Doc          int64
	Heading, Content string
}

// The scans read the sections as written, not their folded view: folding
// every row in SQL (a call into Go per row) doubled a scan of 30,000
// documents. A row qualifies when its text as written contains a term, or
// when folding may change its letters, digits or kana (sections.folds,
// see textfold.ChangesWords); the caller folds and counts exactly.

// SectionsContainingAny calls fn for every section whose heading or
// content contains one of terms (instr(), exact bytes) or may after
// folding, in one pass.
func SectionsContainingAny(ctx context.Context, q store.Querier, terms []string, fn func(SectionText) error) error {
	where := []string{"folds = 1"}
	args := make([]any, len(terms))
	for i, t := range terms {
		args[i] = t
		where = append(where, fmt.Sprintf("instr(content, ?%[1]d) > 0 OR instr(heading, ?%[1]d) > 0", i+1))
	}
	err := scanSections(ctx, q, `SELECT id, document_id, heading, content FROM sections WHERE `+strings.Join(where, " OR "), args, fn)
	if err != nil {
		return fmt.Errorf("scan the sections for short terms: %w", err)
	}
	return nil
}

// SectionsContainingFolded calls fn for every section whose heading or
// content contains one of texts, ASCII letters' case folded (LIKE), or may
// after folding, in one pass.
func SectionsContainingFolded(ctx context.Context, q store.Querier, texts []string, fn func(SectionText) error) error {
	where := []string{"folds = 1"}
	args := make([]any, len(texts))
	for i, t := range texts {
		args[i] = "%" + likeEscaper.Replace(t) + "%"
		where = append(where, fmt.Sprintf(`content LIKE ?%[1]d ESCAPE '\' OR heading LIKE ?%[1]d ESCAPE '\'`, i+1))
	}
	err := scanSections(ctx, q, `SELECT id, document_id, heading, content FROM sections WHERE `+strings.Join(where, " OR "), args, fn)
	if err != nil {
		return fmt.Errorf("scan the sections for %q: %w", texts, err)
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
