package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/internal/advice"
	"github.com/ubp-dev/ubp/internal/termsafe"
)

// printJSON writes v as indented JSON with a trailing newline.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write JSON output: %w", err)
	}
	return nil
}

// errorJSON is the shape of errors printed with --json.
type errorJSON struct {
	Error struct {
		Code        string   `json:"code"`
		Message     string   `json:"message"`
		Hint        string   `json:"hint,omitempty"`
		Suggestions []string `json:"suggestions,omitempty"`
	} `json:"error"`
}

// printError prints err as one line plus a hint on stderr, or as JSON on
// stdout with --json. Never a stack trace.
func (a *app) printError(err error) {
	var out errorJSON
	out.Error.Message = advice.Message(err)
	out.Error.Code = "error"
	var nf *engine.NotFoundError
	var ae *engine.ArgumentError
	var ue usageError
	switch {
	case errors.Is(err, errInterrupted):
		out.Error.Code = "interrupted"
	case errors.As(err, &nf):
		out.Error.Code = "not_found"
		out.Error.Suggestions = nf.Suggestions
		out.Error.Hint = "run `ubp list-pages` to see every page"
		switch {
		case nf.NotIndexed != "":
			// The file is there but left out: the message says why, the
			// hint what to do.
			out.Error.Hint = nf.Fix
		case nf.Skipped != "":
			// The file is there: the message says why it has no page,
			// which suggestions of other pages hid.
			out.Error.Hint = "fix the file or the configuration (max_file_size, include, exclude), then run `ubp index`"
		case len(nf.Suggestions) > 0:
			out.Error.Message = "page not found: " + nf.Query
			out.Error.Hint = "did you mean: " + strings.Join(nf.Suggestions, ", ")
		}
	case errors.As(err, &ae):
		out.Error.Code = "invalid_argument"
		if flag := a.givenFlag(ae.Param); flag != "" && out.Error.Message == ae.Error() {
			// The engine names its parameter as the MCP tools do
			// (min_score, serve's http and token); the user typed the
			// flag, which only the CLI names.
			out.Error.Message = flag + ": " + ae.Message
		}
		out.Error.Hint = "see `" + a.helpCommand() + "` for the accepted values"
	case errors.As(err, &ue) || isCobraUsage(err):
		out.Error.Code = "usage"
		out.Error.Hint = "see `" + a.helpCommand() + "`"
		if ue.hint != "" {
			out.Error.Hint = ue.hint
		}
		if strings.HasPrefix(out.Error.Message, "unknown shorthand flag") {
			// ubp search -32602: a query (or page) that looks like a flag.
			out.Error.Hint = "a query or page that starts with '-' goes after `--` (ubp search -- -32602); see `" + a.helpCommand() + "`"
		}
	case engine.RemedyOf(err) == engine.RemedyInit || engine.RemedyOf(err) == engine.RemedyRewriteConfig:
		out.Error.Code = "no_project"
	}
	if a.jsonOut {
		_ = printJSON(a.stdout, out)
		return
	}
	fmt.Fprintf(a.stderr, "ubp: %s\n", termsafe.Text(out.Error.Message))
	if out.Error.Hint != "" {
		fmt.Fprintf(a.stderr, "hint: %s\n", termsafe.Text(out.Error.Hint))
	}
}

// table writes rows as aligned columns separated by two spaces.
func table(w io.Writer, header []string, rows [][]string) {
	widths := make([]int, len(header))
	measure := func(r []string) {
		for i, c := range r {
			if n := termsafe.Width(c); n > widths[i] {
				widths[i] = n
			}
		}
	}
	measure(header)
	for _, r := range rows {
		measure(r)
	}
	line := func(r []string) {
		var b strings.Builder
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-termsafe.Width(c)+2))
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	line(header)
	for _, r := range rows {
		line(r)
	}
}

// noteAlsoMatches says on stderr that name, which the answer was asked
// by, names other pages as well (a title or file name several pages
// share) and that shown, the shallowest, is the one answered.
func (a *app) noteAlsoMatches(name, shown string, others []string) {
	if len(others) == 0 {
		return
	}
	a.infof("ubp: %q names %d pages; showing %s (the shallowest), also: %s; name one by its path\n",
		name, len(others)+1, shown, strings.Join(others, ", "))
}

// writeWarnings writes one indented line per warning, "file:line: message",
// made safe for the terminal.
func writeWarnings(w io.Writer, warns []index.Warning) {
	for _, warn := range warns {
		fmt.Fprintf(w, "  %s\n", termsafe.Line(warn.String()))
	}
}

// helpCommand is the help command of the command that failed (`ubp status
// --help`), or `ubp <command> --help` when it is not known.
func (a *app) helpCommand() string {
	if a.cmdPath == "" {
		return "ubp <command> --help"
	}
	return a.cmdPath + " --help"
}

// givenFlag is "--min-score" when the failing command has a flag for the
// engine parameter param (min_score) and it was given, else "".
func (a *app) givenFlag(param string) string {
	if a.failed == nil || param == "" {
		return ""
	}
	f := a.failed.Flags().Lookup(strings.ReplaceAll(param, "_", "-"))
	if f == nil || !f.Changed {
		return ""
	}
	return "--" + f.Name
}
