package stale

import (
	"bufio"
	"fmt"
	"io"
	"text/tabwriter"
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
		tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', 0)
		for _, ref := range changedRefs(d) {
			reason := string(ref.Reason)
			if ref.MovedTo != "" {
				reason += " to " + ref.MovedTo
			}
			line := fmt.Sprintf("  line %d\t%s\t%s\t%s", ref.Line, ref.Ref, ref.Level, reason)
			if s := r.changeSummary(ref); s != "" {
				line += "\t" + s
			}
			fmt.Fprintln(tw, line)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
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
