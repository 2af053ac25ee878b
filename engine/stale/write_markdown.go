package stale

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"
)

var levelMark = map[Level]string{Stale: "🔴", PossiblyStale: "🟠", Fresh: "🟢", Untracked: "⚪"}

// WriteMarkdown writes a report for people: GitHub job summaries, issues
// and pull-request comments. It has the counts per level, then a table per
// document at or above threshold with each changed ref, its reason, the commit
// (a link when the origin remote is on GitHub) with its subject, and how
// many commits touched the ref since, then any warnings. The line under
// the title says what paths start from.
func WriteMarkdown(w io.Writer, r Report, threshold Level) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "## ubp stale report\n\n")
	fmt.Fprintf(bw, "Baseline `%s`, threshold %s, generated %s, %s.\n\n", r.Baseline, count(r.ThresholdDays, "day", "days"), r.GeneratedAt.UTC().Format("2006-01-02 15:04 UTC"), mdText(r.rootLine()))
	if r.Incomplete {
		fmt.Fprintf(bw, "> [!WARNING]\n> Incomplete: %s\n\n", mdText(incompleteNote))
	}
	fmt.Fprintf(bw, "| level | documents |\n|---|---:|\n")
	for _, l := range levelsWorstFirst {
		fmt.Fprintf(bw, "| %s %s | %d |\n", levelMark[l], l, r.Counts[l])
	}
	docs := r.listed(threshold)
	if len(docs) == 0 {
		fmt.Fprintf(bw, "\nNo documents at or above `%s`.\n", threshold)
	}
	for _, d := range docs {
		fmt.Fprintf(bw, "\n### %s %s", levelMark[d.Level], mdCode(displayPath(d)))
		if d.Title != "" {
			fmt.Fprintf(bw, " — %s", mdText(d.Title))
		}
		fmt.Fprintf(bw, "\n\n| source ref | line | level | reason | commit | author | changed | commits since |\n|---|---:|---|---|---|---|---|---:|\n")
		for _, ref := range changedRefs(d) {
			commit := ""
			switch {
			case ref.Commit != "" && r.CommitURL != "":
				commit = fmt.Sprintf("[%s](%s%s)", mdCode(shortHash(ref.Commit)), r.CommitURL, ref.Commit)
			case ref.Commit != "":
				commit = mdCode(shortHash(ref.Commit))
			case ref.Uncommitted:
				commit = "uncommitted"
			}
			if ref.Subject != "" {
				commit += " " + mdText(shortSubject(ref.Subject))
			}
			since := ""
			if ref.Commits > 0 {
				since = fmt.Sprint(ref.Commits)
			}
			changed := ""
			if !ref.ChangedAt.IsZero() {
				changed = fmt.Sprintf("%s (%s)", ref.ChangedAt.Format(time.DateOnly), age(r.GeneratedAt, ref.ChangedAt))
			}
			reason := string(ref.Reason)
			if ref.MovedTo != "" {
				reason += " to " + mdCode(ref.MovedTo)
			}
			fmt.Fprintf(bw, "| %s | %d | %s | %s | %s | %s | %s | %s |\n",
				mdCell(mdCode(ref.Ref)), ref.Line, ref.Level, mdCell(reason), mdCell(commit), mdCell(mdText(ref.Author)), changed, since)
		}
	}
	if len(r.Warnings) > 0 {
		fmt.Fprintf(bw, "\n<details><summary>Warnings (%d)</summary>\n\n", len(r.Warnings))
		for _, wn := range r.Warnings {
			if loc := warningLocation(wn); loc != "" {
				fmt.Fprintf(bw, "- %s: %s\n", mdCode(loc), mdText(wn.Message))
			} else {
				fmt.Fprintf(bw, "- %s\n", mdText(wn.Message))
			}
		}
		fmt.Fprintf(bw, "\n</details>\n")
	}
	return bw.Flush()
}

// mdCode writes s as a code span, with a longer fence when s holds
// backticks; line breaks become spaces.
func mdCode(s string) string {
	s = oneLine(s)
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || fence != "`" {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

var mdEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", "&lt;", ">", "&gt;", "&", "&amp;", "#", `\#`, "~", `\~`, "|", `\|`,
)

// mdText escapes plain text so Markdown and HTML in it show as written.
func mdText(s string) string { return mdEscaper.Replace(oneLine(s)) }

// mdCell makes a table cell: a '|' would end the cell even in a code span.
func mdCell(s string) string {
	// mdText already escaped '|' in plain text; code spans need it too.
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '|' && (i == 0 || s[i-1] != '\\') {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

func oneLine(s string) string { return lineBreaks.Replace(s) }
