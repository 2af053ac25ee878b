package main

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/plural"
	"github.com/ubp-dev/ubp/internal/termsafe"
)

func (a *app) listPagesCommand() *cobra.Command {
	var o engine.ListPagesOptions
	cmd := &cobra.Command{
		Use:   "list-pages [--doc-type T] [--sort title|updated_at|filepath] [--order asc|desc] [--limit N] [--offset N]",
		Short: "List indexed documents",
		Example: `  ubp list-pages --doc-type design
  ubp list-pages --sort updated_at --order desc --limit 10 --json`,
		Args: noArgs(nil),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.Limit < 0 || o.Offset < 0 {
				return usagef("--limit and --offset must not be negative")
			}
			return a.withEngine(cmd.Context(), func(e *engine.Engine) error {
				res, err := e.ListPages(cmd.Context(), o)
				if err != nil {
					return err
				}
				if a.jsonOut {
					return printJSON(a.stdout, res)
				}
				rows := make([][]string, 0, len(res.Pages))
				for _, p := range res.Pages {
					rows = append(rows, []string{termsafe.Line(p.Filepath), termsafe.Line(p.Title), string(p.DocType), strconv.Itoa(p.LinkCount), p.UpdatedAt})
				}
				table(termsafe.Writer(a.stdout), []string{"FILEPATH", "TITLE", "TYPE", "LINKS", "UPDATED"}, rows)
				if !a.quiet {
					fmt.Fprintf(a.stdout, "%d of %s%s\n", len(res.Pages), plural.Count(res.Total, "page", "pages"), pagingNote(res, o.Offset))
				}
				return nil
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.DocType, "doc-type", "", "only pages of this type: spec, design, adr, guide, api, meeting, todo, other")
	f.StringVar(&o.Sort, "sort", "title", "sort key: title, updated_at or filepath")
	f.StringVar(&o.Order, "order", "asc", "sort order: asc or desc")
	f.IntVar(&o.Limit, "limit", 0, "at most `N` pages (0: all)")
	f.IntVar(&o.Offset, "offset", 0, "skip the first `N` pages")
	return cmd
}

// pagingNote says where the pages left out by --limit start, as
// ubp_list_pages does, or that --offset is past the last page; "" when the
// listing holds the rest of the pages.
func pagingNote(res engine.ListPagesResult, offset int) string {
	switch {
	case res.NextOffset > 0:
		return fmt.Sprintf("; more with --offset %d", res.NextOffset)
	case len(res.Pages) == 0 && offset > 0 && offset >= res.Total && res.Total > 0:
		return fmt.Sprintf(": --offset %d is past the last", offset)
	}
	return ""
}
