package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/termsafe"
)

func (a *app) suggestLinksCommand() *cobra.Command {
	var o engine.SuggestOptions
	var minScore float64
	cmd := &cobra.Command{
		Use:   "suggest-links [--min-score X] [--limit N]",
		Short: "Suggest pairs of similar sections whose documents are not linked",
		Example: `  ubp suggest-links --limit 10
  ubp suggest-links --min-score 0.8 --json`,
		Args: noArgs(nil),
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.MinScore = &minScore // 0 is a score: every pair
			return a.withEngine(cmd.Context(), func(e *engine.Engine) error {
				res, err := e.SuggestLinks(cmd.Context(), o)
				if err != nil {
					return err
				}
				if a.jsonOut {
					return printJSON(a.stdout, res)
				}
				if len(res) == 0 {
					fmt.Fprintln(a.stdout, "no suggestions")
					return nil
				}
				for _, s := range res {
					fmt.Fprintf(termsafe.Writer(a.stdout), "%.3f  %s:%d %s  <->  %s:%d %s\n", s.Score,
						termsafe.Line(s.SourceFilepath), s.SourceLine, termsafe.Line(parenHeading(s.SourceHeading)),
						termsafe.Line(s.TargetFilepath), s.TargetLine, termsafe.Line(parenHeading(s.TargetHeading)))
				}
				return nil
			})
		},
	}
	cmd.Flags().Float64Var(&minScore, "min-score", 0.75, "only pairs at least this similar (0-1; 0: every pair)")
	cmd.Flags().IntVar(&o.Limit, "limit", engine.DefaultSuggestLimit, fmt.Sprintf("at most `N` suggestions, 1-%d", engine.MaxSuggestLimit))
	return cmd
}

// parenHeading is a section's heading path in parentheses, "(intro)" for
// the text before a page's first subheading.
func parenHeading(h string) string {
	if h == "" {
		return "(intro)"
	}
	return "(" + h + ")"
}
