package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/plural"
	"github.com/ubp-dev/ubp/internal/termsafe"
)

func (a *app) getContextCommand() *cobra.Command {
	var o engine.ContextOptions
	var linkTypes []string
	cmd := &cobra.Command{
		Use:   "get-context <page> [--depth 1-3] [--max-size BYTES] [--link-types a,b]",
		Short: "Show a page with its graph neighbours, nearest first, within a size budget",
		Long: `Show a page and the pages around it in the link graph (both directions), each
with the link that reaches it (its direction and type, from the page before it
on the path: "via" that page beyond depth 1), its depth and a summary. A page
named as page#Heading centres on that section (its heading to the next heading
of the same or a higher level): the neighbours are still the page's, those
reached through the section's own links (written in it, or to it or one of its
subsections) listed first, then those of the rest of the page; a heading the
page lacks shows the whole page and says so. --link-types follows only links of
those types (in both directions): --link-types depends_on shows what the page
depends on and what depends on it. --max-size bounds the bytes
of the answer as JSON without indentation (what ubp_get_context sends; --json
indents it, a few percent more). When the page and its neighbours do not all
fit, each has at least half of the room: the farthest neighbours are dropped
(truncated_count says how many) and the centre is cut at a line boundary,
before a heading when one is near; the answer names the lines sent and the
get-page --start-line that reads on (next_start_line in the JSON), with
--start-column when the cut is inside a line (next_start_column), and the
code block it cut inside, if any, by its opening fence (center.ends_in_code).`,
		Example: `  ubp get-context docs/architecture.md --depth 2
  ubp get-context "Search" --max-size 8000 --json
  ubp get-context "docs/architecture.md#Data flow"
  ubp get-context docs/architecture.md --link-types depends_on,implements`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("get-context takes exactly one page")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Page = args[0]
			var err error
			if o.LinkTypes, err = parseLinkTypes(linkTypes); err != nil {
				return err
			}
			return a.withEngine(cmd.Context(), func(e *engine.Engine) error {
				res, err := e.GetContext(cmd.Context(), o)
				if err != nil {
					return err
				}
				a.noteAlsoMatches(args[0], res.Center.Filepath, res.Center.AlsoMatches)
				if a.jsonOut {
					return printJSON(a.stdout, res)
				}
				c := res.Center
				if c.MissingHeading != "" {
					a.infof("ubp: %s has no section %q; showing the whole page\n", c.Filepath, c.MissingHeading)
				}
				w := termsafe.Writer(a.stdout)
				section := ""
				if c.Section != "" {
					section = fmt.Sprintf(", section %q", termsafe.Line(c.Section))
				}
				fmt.Fprintf(w, "%s (%s)%s\n\n%s\n", termsafe.Line(c.Title), termsafe.Line(c.Filepath), section, strings.TrimRight(c.Content, "\n"))
				if c.Truncated {
					column := ""
					if c.NextStartColumn > 0 {
						column = fmt.Sprintf(" --start-column %d", c.NextStartColumn)
					}
					code := ""
					if c.EndsInCode != nil {
						code = "; cut " + inCode(c.EndsInCode)
					}
					fmt.Fprintf(w, "\n[%s%s; read on with: ubp get-page %s --start-line %d%s]\n", centreLines(c), code, shellQuote(termsafe.Line(c.Filepath)), c.NextStartLine, column)
				}
				scope := "-"
				for _, r := range res.Related {
					if r.Scope != scope {
						scope = r.Scope
						fmt.Fprintln(w, "\n"+relatedHeader(scope, c.Section)+":")
					}
					via := ""
					if r.Via != "" {
						via = " via " + termsafe.Line(r.Via)
					}
					fmt.Fprintf(w, "  [depth %d] %s %s (%s) [%s]%s: %s\n", r.Depth, arrow(r.Direction), termsafe.Line(r.Title), termsafe.Line(r.Filepath), r.LinkType, via, oneLine(r.Summary, 120))
				}
				if !a.quiet {
					fmt.Fprintf(w, "\n%s, %s dropped\n", plural.Count(res.TotalSize, "byte", "bytes"), plural.Count(res.TruncatedCount, "neighbour", "neighbours"))
				}
				return nil
			})
		},
	}
	cmd.Flags().IntVar(&o.Depth, "depth", engine.DefaultSearchDepth, fmt.Sprintf("how many links away to go (1-%d)", engine.MaxSearchDepth))
	cmd.Flags().StringSliceVar(&linkTypes, "link-types", nil, "follow only these link types (both directions): references, depends_on, implements, extends, conflicts_with")
	cmd.Flags().IntVar(&o.MaxSize, "max-size", engine.DefaultContextSize, fmt.Sprintf("at most `BYTES` of answer (as compact JSON), %d-%d", engine.MinContextSize, engine.MaxContextSize))
	return cmd
}

// centreLines says which lines of the file a cut centre holds.
func centreLines(c engine.ContextCenter) string {
	if c.EndLine < c.StartLine {
		return fmt.Sprintf("none of lines %d-%d sent", c.StartLine, c.TotalLines)
	}
	s := fmt.Sprintf("lines %d-%d of %d", c.StartLine, c.EndLine, c.TotalLines)
	if c.NextStartColumn > 0 {
		s += fmt.Sprintf(", line %d up to character %d", c.NextStartLine, c.NextStartColumn-1)
	}
	return s
}

// relatedHeader heads the neighbours of one scope (ContextNeighbour.Scope)
// of a context centred on section (or on a whole page: scope "").
func relatedHeader(scope, section string) string {
	switch scope {
	case "section":
		return fmt.Sprintf("related through section %q", termsafe.Line(section))
	case "page":
		return "related through the rest of the page"
	}
	return "related"
}
