package stale

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/ubp-dev/ubp/internal/termsafe"
)

// WriteText writes the report for a terminal: a summary line (saying what
// paths start from), then each document at or above threshold with its changed
// refs (commit, subject, author, date, commits since), then warnings.
func WriteText(w io.Writer, r Report, threshold Level) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "ubp stale: baseline %s, threshold %s, %s, %s\n", r.Baseline, count(r.ThresholdDays, "day", "days"), r.GeneratedAt.UTC().Format("2006-01-02 15:04 UTC"), r.rootLine())
	fmt.Fprintf(bw, "%s: %s\n", count(len(r.Documents), "document", "documents"), r.countsLine())
	if r.Incomplete {
		fmt.Fprintf(bw, "incomplete: %s\n", incompleteNote)
	}
	docs := r.listed(threshold)
	if len(docs) == 0 {
		fmt.Fprintf(bw, "\nNo documents at or above %s.\n", threshold)
	}
	for _, d := range docs {
		fmt.Fprintf(bw, "\n%s  %s", d.Level, displayPath(d))
		if d.Title != "" {
			fmt.Fprintf(bw, "  %q", d.Title)
		}
		fmt.Fprintln(bw)
		var rows [][]string
		for _, ref := range changedRefs(d) {
			reason := string(ref.Reason)
			if ref.MovedTo != "" {
				reason += " to " + ref.MovedTo
			}
			row := []string{fmt.Sprintf("  line %d", ref.Line), ref.Ref, string(ref.Level), reason}
			if s := r.changeSummary(ref); s != "" {
				row = append(row, s)
			}
			rows = append(rows, row)
		}
		writeColumns(bw, rows)
	}
	if len(r.Warnings) > 0 {
		fmt.Fprintf(bw, "\nwarnings:\n")
		for _, wn := range r.Warnings {
			if loc := warningLocation(wn); loc != "" {
				fmt.Fprintf(bw, "  %s: %s\n", loc, wn.Message)
			} else {
				fmt.Fprintf(bw, "  %s\n", wn.Message)
			}
		}
	}
	return bw.Flush()
}

// writeColumns writes rows as columns two spaces apart, each as wide as
// its widest cell in terminal columns (termsafe.Width: a kanji or kana
// takes two); the last cell of a row is neither padded nor measured. text/tabwriter, used
// before, counted characters, so a ref naming a Japanese file pushed its
// row's later columns right.
func writeColumns(w io.Writer, rows [][]string) {
	var widths []int
	for _, row := range rows {
		for i, c := range row[:len(row)-1] {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], termsafe.Width(c))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, c := range row {
			b.WriteString(c)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-termsafe.Width(c)+2))
			}
		}
		b.WriteByte('\n')
		_, _ = io.WriteString(w, b.String()) // w is the report's bufio.Writer: Flush returns its error
	}
}
