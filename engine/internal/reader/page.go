package reader

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
)

// Page reads the whole of document id but its staleness: row, body,
// sections, outlinks and backlinks, in one read transaction. ref is how
// the caller named it, for errors: a document deleted meanwhile gives a
// *answer.NotFoundError.
func (r *Reader) Page(ctx context.Context, id int64, ref string) (answer.Page, error) {
	p := answer.Page{Sections: []answer.PageSection{}, Outlinks: []answer.PageLink{}, Backlinks: []answer.PageLink{}}
	err := store.ReadTx(ctx, r.rdb, func(tx *sql.Tx) error {
		if err := pageread.PageHeader(ctx, tx, id, &p); err != nil {
			return err
		}
		var err error
		if p.Content, err = Body(ctx, tx, id); err != nil {
			return err
		}
		if p.Sections, err = pageread.PageSections(ctx, tx, id, p.Sections); err != nil {
			return err
		}
		if p.Outlinks, err = pageread.Outlinks(ctx, tx, id); err != nil {
			return err
		}
		for i := range p.Outlinks {
			if l := &p.Outlinks[i]; !l.Resolved {
				l.DanglingWhy = answer.DanglingWhy(l.Target)
			}
		}
		if p.Backlinks, err = pageread.Backlinks(ctx, tx, id); err != nil {
			return err
		}
		return markMissingHeadings(ctx, tx, id, &p)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return answer.Page{}, &answer.NotFoundError{Query: ref, Suggestions: []string{}} // deleted meanwhile
	}
	if err != nil {
		return answer.Page{}, fmt.Errorf("get page %s: %w", ref, err)
	}
	return p, nil
}
