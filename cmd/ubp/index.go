package main

import (
	"context"
	"fmt"
	"os"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/plural"
	"github.com/ubp-dev/ubp/internal/termsafe"
)

func (a *app) indexCommand() *cobra.Command {
	var full bool
	cmd := &cobra.Command{
		Use:   "index [--full]",
		Short: "Bring the index up to date with the docs folder",
		Long: `Re-parse the files whose content changed, delete documents whose files are
gone, detect renames by content, resolve links and embed changed sections.
An unchanged folder writes nothing. --full re-parses every file. When another
run (ubp index or ubp serve) holds .ubp/index.lock, it waits, and after a
second says which process holds it.`,
		Example: `  ubp index
  ubp index --full --json`,
		Args: noArgs(nil),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return a.withEngineMode(cmd.Context(), freshNone, func(e *engine.Engine) error {
				rep, err := a.runIndex(cmd.Context(), e, engine.IndexOptions{Full: full})
				if err != nil {
					return err
				}
				if a.jsonOut {
					return printJSON(a.stdout, rep)
				}
				a.printIndexReport(rep)
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&full, "full", false, "re-parse every file, not only changed ones")
	return cmd
}

// runIndex runs an indexing pass with a progress bar when stderr is a
// terminal (and neither --quiet nor --json is set).
func (a *app) runIndex(ctx context.Context, e *engine.Engine, opts engine.IndexOptions) (engine.IndexReport, error) {
	if !a.quiet {
		opts.LockWait = func(holder string) {
			fmt.Fprintf(a.stderr, "waiting for .ubp/index.lock: %s is indexing this project\n", holder)
		}
	}
	if f, ok := a.stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) && !a.quiet && !a.jsonOut {
		var bar *progressbar.ProgressBar
		opts.Progress = func(done, total int) {
			if total < 50 {
				return // short runs need no bar
			}
			if bar == nil {
				bar = progressbar.NewOptions(total,
					progressbar.OptionSetWriter(f),
					progressbar.OptionSetDescription("indexing"),
					progressbar.OptionShowCount(),
					progressbar.OptionClearOnFinish(),
					progressbar.OptionEnableColorCodes(!a.noColor),
				)
			}
			_ = bar.Set(done)
		}
		defer func() {
			if bar != nil {
				_ = bar.Finish()
			}
		}()
	}
	return e.Index(ctx, opts)
}

func (a *app) printIndexReport(r engine.IndexReport) {
	for _, w := range r.Warnings {
		a.infof("warning: %s\n", termsafe.Line(w.String()))
	}
	fmt.Fprintf(a.stdout, "added %d, updated %d, unchanged %d, renamed %d, deleted %d\n",
		r.Added, r.Updated, r.Unchanged, r.Renamed, r.Deleted)
	fmt.Fprintf(a.stdout, "sections %d, links %d (dangling %d, ambiguous %d), embedded %d, warnings %d\n",
		r.Sections, r.Links, r.Dangling, r.Ambiguous, r.Embedded, len(r.Warnings))
	if r.LatentTrained > 0 {
		fmt.Fprintf(a.stdout, "latent space learnt anew from %s\n", plural.Count(r.LatentTrained, "section", "sections"))
	}
}
