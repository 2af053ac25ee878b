package docmeta

import (
	"context"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docrows"
	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/index"
)

// Meta is what search needs of a document.
type Meta struct {
	ID       int64
	DocID    string
	Filepath string
	Title    string
	DocType  index.DocType
	// lowerTitle is the title through query.Normalize and query.Lower, as
	// runes, set by Load: what title matching compares, computed once per
	// read instead of once per matched document and term.
	lowerTitle []rune
}

// LowerTitle is the normalised title lower-cased for matching (see
// query.CountLower). It never writes: a Meta may be shared by concurrent
// readers (see Cache).
func (d *Meta) LowerTitle() []rune { return d.lowerTitle }

// Load reads id, public id, path, title and type of the given documents,
// every document when ids is nil. Deleted ones are absent.
func Load(ctx context.Context, db store.Querier, ids []int64) (map[int64]*Meta, error) {
	out := make(map[int64]*Meta, len(ids))
	err := docrows.ReadMeta(ctx, db, ids, func(r docrows.MetaRow) error {
		d := &Meta{ID: r.ID, DocID: r.DocID, Filepath: r.Filepath, Title: r.Title}
		d.DocType, _ = index.ParseDocType(r.DocType)
		d.lowerTitle = []rune(query.Lower(query.Normalize(d.Title)))
		out[d.ID] = d
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
