package main

import (
	"context"
	"fmt"
	"os"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/advice"
	"github.com/ubp-dev/ubp/internal/plural"
)

// freshMode is what a command does about an index that is behind the
// files before it answers.
//
// Whatever the mode, an index that was never built (the .ubp/config.json
// of a fresh clone without its index.db) is built first, with progress on
// stderr, and a failed build leaves no empty index.db behind; an
// interrupted one keeps what it committed (withEngineMode).
type freshMode int

const (
	// freshNone: the command brings the index up to date itself (index).
	freshNone freshMode = iota
	// freshCheck: read commands (search, get-page, status, list-pages,
	// get-context, get-graph, suggest-links) compare the folder with the
	// index by size and modification time (engine.Freshness: no file is
	// read) and re-index only the files that changed (with none changed,
	// a run still writes the short-term postings of sections queued for
	// them). When that refresh
	// fails (a read-only folder, a lock held too long) they answer from
	// the index as it is, saying on stderr how many files changed since.
	freshCheck
	// freshFull: stale runs an incremental index before it answers, so its
	// report sees the current files; serve runs the same catch-up once it
	// listens (mcpserver.Options.Prepare) and holds tool calls until it is
	// done, so the handshake does not wait for it.
	freshFull
)

// ensureFresh applies mode to e (see freshMode).
func (a *app) ensureFresh(ctx context.Context, e *engine.Engine, mode freshMode) error {
	if mode == freshNone {
		return nil
	}
	f, err := e.Freshness(ctx)
	if err != nil {
		if f.Built && mode == freshCheck && ctx.Err() == nil {
			// A docs folder that cannot be walked (moved, unreadable):
			// answer from the index, but say so.
			fmt.Fprintf(a.stderr, "ubp: warning: cannot tell whether the index is current: %s\n", advice.Message(err))
			return nil
		}
		return err
	}
	// What follows may index, whose heap is large: at the collector's
	// default target, not a read command's (readGCPercent).
	defer setGCPercent(defaultGCPercent)()
	switch {
	case !f.Built:
		// No stamp: never built, or a first build stopped (SIGINT, a
		// kill) after it wrote some documents, perhaps all of them, which
		// it keeps. Until 2026-11-28 the second read "no index yet ...
		// building it (0 files)" once every document was written.
		if f.Documents > 0 {
			left := "no file left to read"
			if n := f.Diff.Count(); n > 0 {
				left = plural.Count(n, "file", "files") + " left to read"
			}
			a.infof("ubp: the first build of the index for %s stopped before it finished (%s in, %s): finishing it\n",
				e.Project().DocsDir(), plural.Count(f.Documents, "document", "documents"), left)
		} else {
			a.infof("ubp: no index yet for %s: building it (%s)\n", e.Project().DocsDir(), plural.Count(f.Diff.Count(), "file", "files"))
		}
		rep, err := a.runIndex(ctx, e, engine.IndexOptions{Incidental: true})
		if err != nil {
			return fmt.Errorf("build the index: %w (run `ubp index` to retry)", err)
		}
		a.printIndexWarnings(rep)
		// Every document the index now holds: an interrupted first build
		// kept some, which this run found unchanged.
		n := rep.Added + rep.Updated + rep.Unchanged + rep.Renamed
		a.infof("ubp: indexed %s\n", plural.Count(n, "document", "documents"))
		a.builtIndex = true
	case mode == freshFull || f.NeedsReindex:
		if f.Current() {
			return nil
		}
		rep, err := a.runIndex(ctx, e, engine.IndexOptions{Incidental: true})
		if err != nil {
			return fmt.Errorf("bring the index up to date: %w", err)
		}
		a.printIndexWarnings(rep)
		a.infof("ubp: index updated: %s\n", changeSummary(rep))
	case f.Diff.Count() > 0:
		n := f.Diff.Count()
		rep, err := e.IndexPaths(ctx, e.AbsPaths(f.Diff.Paths()))
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			// Answer anyway, but never silently.
			fmt.Fprintf(a.stderr, "ubp: warning: %d %s changed since the last index and re-indexing failed (%s); results may be out of date: run `ubp index`\n",
				n, plural.Noun(n, "file", "files"), advice.Message(err))
			return nil
		}
		a.printIndexWarnings(rep)
		a.infof("ubp: re-indexed %d changed %s (%s)\n", n, plural.Noun(n, "file", "files"), changeSummary(rep))
	case f.RelinkPending || f.UnitsQueued:
		// Links wait to be resolved again (a stopped run, an upgrade that
		// changed the rules) or sections wait for their short-term
		// postings: an indexing run does both, the files being unchanged.
		// Without the units the answer is the same, only slower, so a run
		// that cannot write (a read-only folder, a lock held) is reported
		// only when links wait: until then one may point where the files
		// no longer say.
		if _, err := e.Index(ctx, engine.IndexOptions{Incidental: true}); err != nil {
			if ctx.Err() != nil {
				return err
			}
			if f.RelinkPending {
				fmt.Fprintf(a.stderr, "ubp: warning: links wait to be resolved again and re-indexing failed (%s); links may be out of date: run `ubp index`\n",
					advice.Message(err))
			}
		}
	}
	return nil
}

func (a *app) printIndexWarnings(rep engine.IndexReport) {
	for _, w := range rep.Warnings {
		a.infof("warning: %s\n", w)
	}
}

func changeSummary(r engine.IndexReport) string {
	if r.Added+r.Updated+r.Renamed+r.Deleted == 0 {
		return "content unchanged"
	}
	return fmt.Sprintf("added %d, updated %d, renamed %d, deleted %d", r.Added, r.Updated, r.Renamed, r.Deleted)
}

// removeIndexFiles deletes an index this command created and could not
// fill, with SQLite's side files, so no empty index.db is left behind.
func removeIndexFiles(db string) {
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		_ = os.Remove(db + suffix)
	}
}
