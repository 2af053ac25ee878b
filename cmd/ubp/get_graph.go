package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/cmd/ubp/internal/graphhtml"
	"github.com/ubp-dev/ubp/cmd/ubp/internal/graphtext"
	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/termsafe"
)

func (a *app) getGraphCommand() *cobra.Command {
	var o engine.GraphOptions
	var format, output string
	var linkTypes []string
	cmd := &cobra.Command{
		Use:   "get-graph [--center PAGE] [--depth 1-5] [--link-types a,b] [--format json|dot|mermaid|html] [--output FILE] [--dangling] [--limit N [--offset N]]",
		Short: "Print the document graph (nodes and typed edges) as JSON, DOT, Mermaid or an interactive HTML page",
		Long: `Print the document graph: documents as nodes, links as typed edges.

--link-types keeps links of those types only: around --center the walk
follows only them (in both directions; the centre is always drawn), and the
whole graph keeps every document but draws only their edges (with
--dangling, only the dangling targets they name).

--format html writes one self-contained page (no network access, works
from file://) that draws the graph: node colour is staleness, shape is
doc_type, size is the number of backlinks; dangling link targets are
dashed; edges show link type and direction. It has a search box, filters by
staleness, doc_type and link type, a legend, and shows a document's path,
type, staleness with the changed refs, tags and links when clicked. Node
positions are computed when the page is written, so large graphs open
without a layout pass in the browser. HTML always includes dangling targets.`,
		Example: `  ubp get-graph --format mermaid
  ubp get-graph --center docs/architecture.md --depth 1 --format dot | dot -Tsvg > graph.svg
  ubp get-graph --format html --output graph.html
  ubp get-graph --center docs/architecture.md --link-types depends_on --format mermaid`,
		Args: noArgs(func(arg string) string { return "name the page to centre on with --center " + shellQuote(arg) }),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if a.jsonOut {
				format = "json"
			}
			if format != "json" && format != "dot" && format != "mermaid" && format != "html" {
				return usagef("--format %q: use json, dot, mermaid or html", format)
			}
			var err error
			if o.LinkTypes, err = parseLinkTypes(linkTypes); err != nil {
				return err
			}
			if format == "html" {
				if o.Limit != 0 || o.Offset != 0 {
					return usagef("--format html draws the whole graph (or --center's neighbourhood): drop --limit and --offset")
				}
				o.Dangling = true
			}
			if output != "" && !filepath.IsAbs(output) {
				// Relative to -C, like every path on ubp's command line.
				wd, err := a.workDir()
				if err != nil {
					return err
				}
				output = filepath.Join(wd, output)
			}
			return a.withEngine(cmd.Context(), func(e *engine.Engine) error {
				g, err := e.GetGraph(cmd.Context(), o)
				if err != nil {
					return err
				}
				if len(g.AlsoMatches) > 0 {
					// Which page the graph is around: the shallowest.
					_, shown, err := e.ResolvePage(cmd.Context(), o.Center)
					if err != nil {
						return err
					}
					a.noteAlsoMatches(o.Center, shown, g.AlsoMatches)
				}
				return writeOutput(a.stdout, output, func(w io.Writer) error {
					switch format {
					case "dot":
						return graphtext.DOT(termsafe.Writer(w), g)
					case "mermaid":
						return graphtext.Mermaid(termsafe.Writer(w), g)
					case "html":
						details, err := e.GraphNodeDetails(cmd.Context(), g)
						if err != nil {
							return err
						}
						title := "ubp graph"
						if o.Center != "" && len(g.Nodes) > 0 {
							title += ": " + g.Nodes[0].Title
						}
						return graphhtml.Write(w, graphhtml.Build(g, details, o.Center, o.Depth), title)
					default:
						return printJSON(w, g)
					}
				})
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Center, "center", "", "only the neighbourhood of this page")
	f.IntVar(&o.Depth, "depth", engine.DefaultGraphDepth, fmt.Sprintf("neighbourhood depth around --center (1-%d)", engine.MaxGraphDepth))
	f.StringSliceVar(&linkTypes, "link-types", nil, "only links of these types (both directions around --center): references, depends_on, implements, extends, conflicts_with")
	f.StringVar(&format, "format", "json", "output format: json, dot, mermaid or html")
	f.StringVarP(&output, "output", "o", "", "write to this file instead of standard output")
	f.BoolVar(&o.Dangling, "dangling", false, "show unresolved link targets as their own nodes (always on with --format html)")
	f.IntVar(&o.Limit, "limit", 0, "whole graph in pages: at most `N` documents (by file path) with their out-edges; with --center, the N nearest (0: all)")
	f.IntVar(&o.Offset, "offset", 0, "with --limit: skip the first `N` documents (the next_offset of the previous page)")
	return cmd
}

// writeOutput runs write on stdout, or on the file path when it is set
// (created or truncated; removed again when writing fails).
func writeOutput(stdout io.Writer, path string, write func(io.Writer) error) error {
	if path == "" {
		return write(stdout)
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("--output: %w", err)
	}
	if err := write(f); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return fmt.Errorf("--output: write %s: %w", path, err)
	}
	return nil
}
