package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/termsafe"
)

func (a *app) getPageCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "get-page <filepath|title|alias>",
		Short: "Show one document: content, sections, links both ways, source refs and staleness",
		Long: `Show one document. The page may be named by its path from the docs folder
(with or without .md), its title or one of its aliases. An unknown page exits 1
with "page not found" and the closest matches.`,
		Example: `  ubp get-page designs/architecture.md
  ubp get-page "Architecture" --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("get-page takes exactly one page (a filepath, title or alias)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.withEngine(cmd.Context(), func(e *engine.Engine) error {
				p, err := e.GetPage(cmd.Context(), args[0])
				if err != nil {
					return err
				}
				if a.jsonOut {
					return printJSON(a.stdout, p)
				}
				a.printPage(p)
				return nil
			})
		},
	}
}

func (a *app) printPage(p engine.Page) {
	w := termsafe.Writer(a.stdout)
	title, file := termsafe.Line(p.Title), termsafe.Line(p.Filepath)
	fmt.Fprintf(w, "%s\n%s\n", title, strings.Repeat("=", displayWidth(title)))
	fmt.Fprintf(w, "file: %s  type: %s  id: %s  updated: %s  staleness: %s\n", file, p.DocType, p.DocID, p.UpdatedAt, p.Staleness)
	if p.StaleReason != nil {
		fmt.Fprintf(w, "%s because: %s\n", p.Staleness, termsafe.Line(p.StaleReason.Summary))
	}
	if len(p.SourceRefs) > 0 {
		fmt.Fprintln(w, "\nsource refs:")
		for _, r := range p.SourceRefs {
			state := "unchanged"
			if r.Changed {
				state = string(r.Reason)
			}
			fmt.Fprintf(w, "  %s (line %d): %s\n", termsafe.Line(r.Ref), r.Line, state)
		}
	}
	printLinks := func(label string, links []engine.PageLink) {
		if len(links) == 0 {
			return
		}
		fmt.Fprintf(w, "\n%s:\n", label)
		for _, l := range links {
			target := l.Filepath
			if !l.Resolved {
				target = l.Target + " (dangling)"
			}
			if l.TargetHeading != "" {
				target += "#" + l.TargetHeading
			}
			extra := ""
			if l.Ambiguous {
				extra = " (ambiguous)"
			}
			fmt.Fprintf(w, "  %s [%s] line %d%s\n", termsafe.Line(target), l.LinkType, l.Line, extra)
		}
	}
	printLinks("outlinks", p.Outlinks)
	printLinks("backlinks", p.Backlinks)
	fmt.Fprintln(w, "\nsections:")
	for _, s := range p.Sections {
		h := s.HeadingPath
		if h == "" {
			h = "(intro)"
		}
		fmt.Fprintf(w, "  %s:%d-%d  %s\n", file, s.StartLine, s.EndLine, termsafe.Line(h))
	}
	fmt.Fprintf(w, "\n%s\n", strings.TrimRight(p.Content, "\n"))
}
