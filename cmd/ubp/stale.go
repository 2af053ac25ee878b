package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/internal/termsafe"
)

func (a *app) staleCommand() *cobra.Command {
	var format, level, baseline, output string
	var exitCode bool
	cmd := &cobra.Command{
		Use:   "stale [--format text|json|markdown|sarif] [--level possibly_stale|stale] [--exit-code] [--baseline auto|index|git] [--output FILE]",
		Short: "Report documents whose source_refs changed since the document was last synced",
		Long: `Report every document at or above a staleness level, with each changed ref,
its reason (modified, deleted, moved, not_found; a moved ref names where it went)
and, with git, the commit, author and date of the change. The index is brought up to date first (built when missing),
so documents added or edited since the last index are checked too.

Baselines: index compares with the hashes recorded when the document was last
indexed; git (for CI on a fresh clone) counts commits that touched a ref and
are in the history of no commit that touched the document (on any branch), or
are after its "reviewed:" date, and uncommitted changes. auto uses git in a
git work tree.

Paths in JSON and SARIF start from the git root (a project in svc/ reports
svc/docs/d.md); text and Markdown say which root they use. Each changed ref
shows its commit, subject, author, date and how many commits touched it since.

Exit codes: 0 nothing at or above the level; 1 with --exit-code when something
is; 2 on error, and with --exit-code when the check cannot tell (a shallow
clone hides documents' commits: fetch the whole history).`,
		Example: `  ubp stale
  ubp stale --format markdown >> "$GITHUB_STEP_SUMMARY"
  ubp stale --format sarif --output ubp-stale.sarif
  ubp stale --exit-code --baseline git --level stale`,
		Args: noArgs(nil),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if a.jsonOut {
				format = "json"
			}
			threshold := stale.Level(level)
			if threshold != stale.PossiblyStale && threshold != stale.Stale {
				return usagef("--level %q: use possibly_stale or stale", level)
			}
			var write func(io.Writer, stale.Report, stale.Level) error
			switch format {
			case "text":
				write = stale.WriteText
			case "json":
				write = stale.WriteJSON
			case "markdown":
				write = stale.WriteMarkdown
			case "sarif":
				write = stale.WriteSARIF
			default:
				return usagef("--format %q: use text, json, markdown or sarif", format)
			}
			switch baseline {
			case "", "auto", "index", "git":
			default:
				return usagef("--baseline %q: use auto, index or git", baseline)
			}
			var code int
			err := a.withEngineMode(cmd.Context(), freshFull, func(e *engine.Engine) error {
				rep, err := e.Stale(cmd.Context(), engine.StaleOptions{Baseline: baseline})
				if err != nil {
					return err
				}
				rep.ToolVersion = buildVersion()
				if a.builtIndex && rep.Baseline == stale.BaselineIndex {
					// Every document was synced by this very command: under
					// the index baseline nothing can be stale, and a CI job
					// would pass without a word.
					rep.Warnings = append(rep.Warnings, index.Warning{Message: "the index baseline was recorded just now, " +
						"as this command built the index (a fresh clone or an unpacked archive), so no document can be stale against it; " +
						"in CI check the repository out with git (with its history) and use --baseline git, which auto picks in a git work tree"})
				}
				code = rep.ExitCode(threshold)
				w := a.stdout
				if output != "" {
					if !filepath.IsAbs(output) {
						// Relative to -C, like every path on ubp's command line.
						wd, err := a.workDir()
						if err != nil {
							return err
						}
						output = filepath.Join(wd, output)
					}
					f, err := os.Create(output)
					if err != nil {
						return fmt.Errorf("--output: %w", err)
					}
					defer f.Close()
					w = f
				}
				if format == "text" {
					// File names, titles and commit subjects come from the
					// repository: no escape sequence reaches a terminal raw.
					w = termsafe.Writer(w)
				}
				return write(w, rep, threshold)
			})
			if gb := (*stale.GitBaselineError)(nil); errors.As(err, &gb) {
				// Say once what asked for git and what to do, not the
				// layers the error came through.
				by := "--baseline git"
				if baseline == "" {
					by = `staleness.baseline "git" (.ubp/config.json)`
				}
				return codedError{code: 2, err: usageError{err: errors.New(by + " " + gb.Needs()),
					hint: "run ubp stale in a git clone (with git installed), or use --baseline index"}}
			}
			if err != nil {
				return codedError{err: err, code: 2}
			}
			if exitCode && code != 0 {
				return exitCodeError{code: code}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "text", "report format: text, json, markdown or sarif")
	f.StringVar(&level, "level", "possibly_stale", "lowest level to report: possibly_stale or stale")
	f.BoolVar(&exitCode, "exit-code", false, "exit 1 when a document is at or above --level, 2 when the check cannot tell (shallow clone)")
	f.StringVar(&baseline, "baseline", "", "what a ref is compared with: auto, index or git (default: staleness.baseline in .ubp/config.json, auto)")
	f.StringVar(&output, "output", "", "write the report to `FILE` instead of stdout")
	return cmd
}
