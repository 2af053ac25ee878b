package reader

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
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
	return &answer.ArgumentError{Param: param, Message: fmt.Sprintf("%q is not a document type; use one of %s", s, strings.Join(names, ", "))}
}

// ListPages lists documents, filtered by type and sorted. LinkCount counts
// the page's outgoing links (dangling ones included) and the links from
// other pages that resolve to it.
func (r *Reader) ListPages(ctx context.Context, o answer.ListPagesOptions) (answer.ListPagesResult, error) {
	res := answer.ListPagesResult{Pages: []answer.PageSummary{}}
	if err := validDocType("doc_type", o.DocType); err != nil {
		return res, err
	}
	if o.Sort == "" {
		o.Sort = "title"
	}
	if !slices.Contains(pageSorts, o.Sort) {
		return res, &answer.ArgumentError{Param: "sort", Message: fmt.Sprintf("%q: use one of %s", o.Sort, strings.Join(pageSorts, ", "))}
	}
	if o.Order == "" {
		o.Order = "asc"
	}
	if !slices.Contains(pageOrders, o.Order) {
		return res, &answer.ArgumentError{Param: "order", Message: fmt.Sprintf("%q: use asc or desc", o.Order)}
	}
	if o.Limit < 0 {
		return res, &answer.ArgumentError{Param: "limit", Message: "must be 0 (no limit) or positive"}
	}
	if o.Offset < 0 {
		return res, &answer.ArgumentError{Param: "offset", Message: "must be 0 or positive"}
	}
	order := pageread.PageOrder{Sort: o.Sort, Desc: o.Order == "desc"}
	err := store.ReadTx(ctx, r.rdb, func(tx *sql.Tx) error {
		var err error
		if res.Total, err = pageread.CountPages(ctx, tx, o.DocType); err != nil {
			return err
		}
		res.Pages, err = pageread.PageSummaries(ctx, tx, o.DocType, order, o.Limit, o.Offset, res.Pages)
		return err
	})
	if err != nil {
		return answer.ListPagesResult{Pages: []answer.PageSummary{}}, fmt.Errorf("list pages: %w", err)
	}
	if o.Limit > 0 && o.Offset+len(res.Pages) < res.Total {
		res.NextOffset = o.Offset + len(res.Pages)
	}
	return res, nil
}
