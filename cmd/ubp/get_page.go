package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/termsafe"
)

func (a *app) getPageCommand() *cobra.Command {
	var section string
	var startLine, startColumn, endLine int
	cmd := &cobra.Command{
		Use:   "get-page <filepath|title|alias>",
		Short: "Show one document: content, sections, links both ways, source refs and staleness",
		Long: `Show one document. The page may be named by its path from the docs folder
(with or without .md), its title or one of its aliases. An unknown page exits 1
with "page not found" and the closest matches.

With --section, show only that section (its anchor, heading path or heading, as
listed under "sections", or a heading inside one): its lines of the file and the
links written in them. An unknown section exits 2 and lists the page's anchors.
A page named as page#Heading shows that section the same way (the whole page
when it has no such heading).

With --start-line and/or --end-line, show only those lines of the file (1-based,
the frontmatter left out; with --section, within that section) and the links
written in them. A start past the end of the file exits 2. With --start-column,
the first of those lines starts at that character (1-based): where a line cut
to fit a size goes on (next_start_column of ubp_get_page and ubp_get_context,
the character get-context names). A column past the end of the line exits 2.
Lines that start or end inside a code block name its opening fence and line
(starts_in_code and ends_in_code in the JSON), so they are read as code.`,
		Example: `  ubp get-page docs/architecture.md
  ubp get-page "Architecture" --json
  ubp get-page docs/search.md --section "Fusion > Match level"
  ubp get-page docs/architecture.md --start-line 55 --end-line 80
  ubp get-page docs/architecture.md --start-line 104 --start-column 601`,
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
				a.noteAlsoMatches(args[0], p.Filepath, p.AlsoMatches)
				if p.MissingHeading != "" {
					a.infof("ubp: %s has no section %q; showing the whole page\n", p.Filepath, p.MissingHeading)
				}
				inSection := cmd.Flags().Changed("section")
				if !inSection && p.Fragment != "" {
					// page#Heading: that section, as --section Heading.
					section, inSection = p.Fragment, true
				}
				for _, f := range []struct {
					name string
					v    int
				}{{"start-line", startLine}, {"end-line", endLine}} {
					if cmd.Flags().Changed(f.name) && f.v == 0 {
						// As the MCP tool says: 0 is no line.
						return usagef("--%s 0: lines are numbered from 1", f.name)
					}
				}
				if cmd.Flags().Changed("start-column") && startColumn < 1 {
					return usagef("--start-column %d: characters are numbered from 1", startColumn)
				}
				if cmd.Flags().Changed("start-line") || cmd.Flags().Changed("end-line") || cmd.Flags().Changed("start-column") {
					v, err := linesViewOf(p, inSection, section, startLine, startColumn, endLine)
					if err != nil {
						return err
					}
					if a.jsonOut {
						return printJSON(a.stdout, v)
					}
					a.printLines(v)
					return nil
				}
				if inSection {
					s, err := p.FindSection(section)
					if err != nil {
						return err
					}
					v := sectionViewOf(p, s)
					if a.jsonOut {
						return printJSON(a.stdout, v)
					}
					a.printSection(v)
					return nil
				}
				if a.jsonOut {
					return printJSON(a.stdout, pageJSON{Page: p, Outline: p.Outline()})
				}
				a.printPage(p)
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&section, "section", "", "show only this section: its anchor, heading path or heading")
	cmd.Flags().IntVar(&startLine, "start-line", 0, "show the file from this line (1-based)")
	cmd.Flags().IntVar(&startColumn, "start-column", 0, "start the first line shown at this character (1-based)")
	cmd.Flags().IntVar(&endLine, "end-line", 0, "show the file up to this line (1-based)")
	return cmd
}

// pageJSON is a page as get-page --json prints it: sections are the units
// the index searches, outline the headings as written (see Page.Outline).
type pageJSON struct {
	engine.Page
	Outline []engine.PageSection `json:"outline"`
}

// linesView is a run of a page's lines as get-page --start-line/--end-line
// (and --start-column) shows it.
type linesView struct {
	DocID     string `json:"doc_id"`
	Filepath  string `json:"filepath"`
	Title     string `json:"title"`
	StartLine int    `json:"start_line"`
	// StartColumn is the character of start_line content begins at, when
	// it is not the line's first (as ubp_get_page's start_column).
	StartColumn int               `json:"start_column,omitempty"`
	EndLine     int               `json:"end_line"`
	TotalLines  int               `json:"total_lines"` // the last line of the file
	Content     string            `json:"content"`     // the Markdown of those lines
	Outlinks    []engine.PageLink `json:"outlinks"`    // the links written in them
	// StartsInCode and EndsInCode are the code block the lines start or
	// end inside (its opening fence and line), as ubp_get_page names them.
	StartsInCode *engine.CodeFence `json:"starts_in_code,omitempty"`
	EndsInCode   *engine.CodeFence `json:"ends_in_code,omitempty"`
}

// linesViewOf cuts lines start..end (0: no bound) out of p, the first from
// character column on (0: its start), within the section named by section
// when inSection.
func linesViewOf(p engine.Page, inSection bool, section string, start, column, end int) (linesView, error) {
	for _, f := range []struct {
		name string
		v    int
	}{{"--start-line", start}, {"--end-line", end}} {
		if f.v < 1 && f.v != 0 {
			return linesView{}, usagef("%s %d: lines are numbered from 1", f.name, f.v)
		}
	}
	var s *engine.PageSection
	if inSection {
		found, err := p.FindSection(section)
		if err != nil {
			return linesView{}, err
		}
		s = &found
	}
	from, to, err := p.Span(s, start, end)
	var ae *engine.ArgumentError
	if errors.As(err, &ae) {
		return linesView{}, usagef("--%s: %s", strings.ReplaceAll(ae.Param, "_", "-"), ae.Message)
	}
	if err != nil {
		return linesView{}, err
	}
	content, err := engine.FromColumn(p.Lines(from, to), from, column)
	if errors.As(err, &ae) {
		return linesView{}, usagef("--%s: %s", strings.ReplaceAll(ae.Param, "_", "-"), ae.Message)
	}
	if err != nil {
		return linesView{}, err
	}
	v := linesView{DocID: p.DocID, Filepath: p.Filepath, Title: p.Title, StartLine: from, EndLine: to,
		TotalLines: p.LastLine(), Content: content, Outlinks: p.LinksIn(from, to)}
	if column > 1 {
		v.StartColumn = column
	}
	// The code blocks open after each line up to the last shown, read
	// from the body's first line.
	if first := p.BodyLine(); to >= first {
		body := strings.Split(p.Content, "\n")
		fences := engine.FencesAfter(body[:min(len(body), to-first+1)], first)
		if i := from - 1 - first; i >= 0 && i < len(fences) {
			v.StartsInCode = fences[i]
		}
		if i := to - first; i < len(fences) {
			v.EndsInCode = fences[i]
		}
	}
	return v, nil
}

func (a *app) printLines(v linesView) {
	w := termsafe.Writer(a.stdout)
	from := ""
	if v.StartColumn > 1 {
		from = fmt.Sprintf(" (line %d from character %d)", v.StartLine, v.StartColumn)
	}
	fmt.Fprintf(w, "%s: lines %d-%d of %d%s\n", termsafe.Line(v.Title), v.StartLine, v.EndLine, v.TotalLines, from)
	fmt.Fprintf(w, "%s:%d-%d\n", termsafe.Line(v.Filepath), v.StartLine, v.EndLine)
	a.printLinks(w, "outlinks", v.Outlinks)
	if v.StartsInCode != nil {
		fmt.Fprintf(w, "\n[starts %s]\n", inCode(v.StartsInCode))
	}
	fmt.Fprintf(w, "\n%s\n", strings.TrimRight(v.Content, "\n"))
	if v.EndsInCode != nil {
		fmt.Fprintf(w, "\n[ends %s]\n", inCode(v.EndsInCode))
	}
}

// inCode says which code block a text starts or ends inside.
func inCode(f *engine.CodeFence) string {
	return fmt.Sprintf("inside the code block opened at line %d by %s", f.Line, termsafe.Line(f.Fence))
}

// sectionView is one section of a page as get-page --section shows it.
type sectionView struct {
	DocID    string             `json:"doc_id"`
	Filepath string             `json:"filepath"`
	Title    string             `json:"title"`
	Section  engine.PageSection `json:"section"`  // its content is its Markdown, heading included
	Outlinks []engine.PageLink  `json:"outlinks"` // the links written in its lines
}

func sectionViewOf(p engine.Page, s engine.PageSection) sectionView {
	return sectionView{DocID: p.DocID, Filepath: p.Filepath, Title: p.Title, Section: s, Outlinks: p.LinksIn(s.StartLine, s.EndLine)}
}

func (a *app) printSection(v sectionView) {
	w := termsafe.Writer(a.stdout)
	fmt.Fprintf(w, "%s: %s\n", termsafe.Line(v.Title), termsafe.Line(headingOrIntro(v.Section.HeadingPath)))
	fmt.Fprintf(w, "%s:%d-%d\n", termsafe.Line(v.Filepath), v.Section.StartLine, v.Section.EndLine)
	a.printLinks(w, "outlinks", v.Outlinks)
	fmt.Fprintf(w, "\n%s\n", strings.TrimRight(v.Section.Content, "\n"))
}

func (a *app) printPage(p engine.Page) {
	w := termsafe.Writer(a.stdout)
	title, file := termsafe.Line(p.Title), termsafe.Line(p.Filepath)
	fmt.Fprintf(w, "%s\n%s\n", title, strings.Repeat("=", termsafe.Width(title)))
	fmt.Fprintf(w, "file: %s  type: %s  id: %s  updated: %s  staleness: %s\n", file, p.DocType, p.DocID, p.UpdatedAt, p.Staleness)
	if p.StaleReason != nil {
		fmt.Fprintf(w, "%s because: %s\n", p.Staleness, termsafe.Line(p.StaleReason.Summary))
	}
	if len(p.SourceRefs) > 0 {
		fmt.Fprintln(w, "\nsource refs:")
		for _, r := range p.SourceRefs {
			state := "unchanged"
			switch {
			case r.Changed:
				state = string(r.Reason)
				if r.MovedTo != "" {
					state += " to " + termsafe.Line(r.MovedTo)
				}
			case r.Rejected != "":
				state = "rejected, never checked: " + termsafe.Line(r.Rejected)
			}
			fmt.Fprintf(w, "  %s (line %d): %s\n", termsafe.Line(r.Ref), r.Line, state)
		}
	}
	if len(p.Warnings) > 0 {
		fmt.Fprintln(w, "\nwarnings (from the last parse):")
		writeWarnings(w, p.Warnings)
	}
	a.printLinks(w, "outlinks", p.Outlinks)
	a.printLinks(w, "backlinks", p.Backlinks)
	fmt.Fprintln(w, "\nsections:")
	for _, s := range p.Outline() {
		fmt.Fprintf(w, "  %s:%d-%d  %s\n", file, s.StartLine, s.EndLine, termsafe.Line(headingOrIntro(s.HeadingPath)))
	}
	fmt.Fprintf(w, "\n%s\n", strings.TrimRight(p.Content, "\n"))
}

// printLinks lists links under label, one a line: where each goes (for
// backlinks, where each comes from, and the heading of this page it names),
// its type and the line it is written on.
func (a *app) printLinks(w io.Writer, label string, links []engine.PageLink) {
	if len(links) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s:\n", label)
	for _, l := range links {
		target := l.Filepath
		if !l.Resolved {
			target = l.Target
		}
		extra := ""
		if l.TargetHeading != "" {
			if label == "backlinks" {
				// The heading is this page's, not the linking page's.
				extra = " to #" + termsafe.Line(l.TargetHeading)
			} else {
				target += "#" + l.TargetHeading
			}
		}
		if !l.Resolved {
			// After the heading: the mark is the link's, not part of its path.
			target += " (dangling)"
			if l.DanglingWhy != "" {
				target += " (" + l.DanglingWhy + ")"
			}
		}
		if l.HeadingMissing {
			// The page has no such section: a broken anchor.
			if label == "backlinks" {
				extra += " (no such heading here)"
			} else {
				target += " (no such heading)"
			}
		}
		if l.Ambiguous {
			extra += " (ambiguous)"
		}
		fmt.Fprintf(w, "  %s [%s] line %d%s\n", termsafe.Line(target), l.LinkType, l.Line, extra)
	}
}
