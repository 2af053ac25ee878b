package main

import (
	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/engine"
)

func (a *app) getGraphCommand() *cobra.Command {
	var o engine.GraphOptions
	var format string
	cmd := &cobra.Command{
		Use:   "get-graph [--center PAGE] [--depth 1-5] [--format json|dot|mermaid] [--dangling] [--limit N [--offset N]]",
		Short: "Print the document graph (nodes and typed edges) as JSON, DOT or Mermaid",
		Example: `  ubp get-graph --format mermaid
  ubp get-graph --center designs/architecture.md --depth 1 --format dot | dot -Tsvg > graph.svg`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if a.jsonOut {
				format = "json"
			}
			if format != "json" && format != "dot" && format != "mermaid" {
				return usagef("--format %q: use json, dot or mermaid", format)
			}
			return a.withEngine(cmd.Context(), func(e *engine.Engine) error {
				g, err := e.GetGraph(cmd.Context(), o)
				if err != nil {
					return err
				}
				switch format {
				case "dot":
					return engine.RenderDOT(a.stdout, g)
				case "mermaid":
					return engine.RenderMermaid(a.stdout, g)
				default:
					return printJSON(a.stdout, g)
				}
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Center, "center", "", "only the neighbourhood of this page")
	f.IntVar(&o.Depth, "depth", 2, "neighbourhood depth around --center (1-5)")
	f.StringVar(&format, "format", "json", "output format: json, dot or mermaid")
	f.BoolVar(&o.Dangling, "dangling", false, "show unresolved link targets as their own nodes")
	f.IntVar(&o.Limit, "limit", 0, "whole graph in pages: at most `N` documents (by file path) with their out-edges (0: all)")
	f.IntVar(&o.Offset, "offset", 0, "with --limit: skip the first `N` documents (the next_offset of the previous page)")
	return cmd
}
