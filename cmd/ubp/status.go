package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/plural"
)

func (a *app) statusCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "status",
		Short: "Show the project, its index and how many documents are stale",
		Example: `  ubp status
  ubp status --json`,
		Args: noArgs(nil),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return a.withEngine(cmd.Context(), func(e *engine.Engine) error {
				s, err := e.Status(cmd.Context())
				if err != nil {
					return err
				}
				if a.jsonOut {
					return printJSON(a.stdout, s)
				}
				w := a.stdout
				fmt.Fprintf(w, "project root:    %s\n", s.ProjectRoot)
				fmt.Fprintf(w, "docs folder:     %s\n", s.DocsDir)
				fmt.Fprintf(w, "documents:       %d\n", s.Documents)
				fmt.Fprintf(w, "sections:        %d\n", s.Sections)
				fmt.Fprintf(w, "links:           %d (dangling %d, ambiguous %d)\n", s.Links, s.DanglingLinks, s.AmbiguousLinks)
				for _, l := range s.DanglingList {
					why := ""
					if l.Why != "" {
						why = " (" + l.Why + ")"
					}
					fmt.Fprintf(w, "  dangling %s:%d: %s%s\n", l.Filepath, l.Line, l.Target, why)
				}
				if s.DanglingLinks > len(s.DanglingList) && len(s.DanglingList) > 0 {
					fmt.Fprintf(w, "  (the first %d; get-graph --dangling draws them all)\n", len(s.DanglingList))
				}
				if s.BrokenAnchors > 0 {
					// Links to a heading their page lacks: get-page marks
					// them (no such heading), read as page#heading they
					// give the whole page.
					fmt.Fprintf(w, "  broken anchors %d (links to a heading their page lacks)\n", s.BrokenAnchors)
					for _, l := range s.BrokenAnchorList {
						fmt.Fprintf(w, "  no such heading %s:%d: %s#%s\n", l.Filepath, l.Line, l.Target, l.Heading)
					}
					if s.BrokenAnchors > len(s.BrokenAnchorList) {
						fmt.Fprintf(w, "  (the first %d; get-page marks each on its page)\n", len(s.BrokenAnchorList))
					}
				}
				fmt.Fprintf(w, "stale documents: %d (%d stale, %d possibly stale; %s baseline)\n", s.StaleDocuments,
					s.StaleDocuments-s.PossiblyStaleDocuments, s.PossiblyStaleDocuments, s.StalenessBaseline)
				for _, d := range s.StaleList {
					fmt.Fprintf(w, "  %s %s: %s\n", d.Level, d.Filepath, d.Reason.Summary)
				}
				fmt.Fprintf(w, "warnings:        %s (from their last parse)\n", plural.Count(s.DocumentsWithWarnings, "document", "documents"))
				writeWarnings(w, s.Warnings)
				if len(s.Warnings) == engine.MaxWarningsList {
					fmt.Fprintf(w, "  (the first %d; get-page shows a page's own)\n", engine.MaxWarningsList)
				}
				if s.RejectedRefs > 0 {
					fmt.Fprintf(w, "rejected refs:   %s (source_refs never checked, as the files are now)\n", plural.Count(s.RejectedRefs, "ref", "refs"))
					writeWarnings(w, s.RejectedList)
					if s.RejectedRefs > len(s.RejectedList) {
						fmt.Fprintf(w, "  (the first %d; get-page shows a page's own)\n", len(s.RejectedList))
					}
				}
				if s.SkippedFiles+s.SkippedFolders > 0 {
					var counts []string
					if s.SkippedFiles > 0 {
						counts = append(counts, plural.Count(s.SkippedFiles, "file", "files"))
					}
					if s.SkippedFolders > 0 {
						counts = append(counts, plural.Count(s.SkippedFolders, "folder", "folders"))
					}
					fmt.Fprintf(w, "skipped:         %s (not indexed)\n", strings.Join(counts, ", "))
					writeWarnings(w, s.Skipped)
					if s.SkippedFiles+s.SkippedFolders > len(s.Skipped) {
						fmt.Fprintf(w, "  (the first %d; ubp index lists them all)\n", len(s.Skipped))
					}
				}
				if s.EmbeddingModel != "" {
					fmt.Fprintf(w, "embeddings:      %s (%s)\n", plural.Count(s.Embedded, "section", "sections"), s.EmbeddingModel)
				}
				switch {
				case s.LatentRank < 0 || s.LatentRank > engine.LatentMaxRank:
					fmt.Fprintf(w, "latent space:    damaged (a rank of %d): the next ubp index learns it anew\n", s.LatentRank)
				case s.LatentRank > 0:
					fmt.Fprintf(w, "latent space:    %s, trained on %s; %d waiting\n", plural.Count(s.LatentRank, "dimension", "dimensions"), plural.Count(s.LatentBasis, "section", "sections"), s.LatentQueued)
				case s.LatentBasis > 0:
					fmt.Fprintf(w, "latent space:    none: the %s it was trained on share too few words; %d waiting\n", plural.Count(s.LatentBasis, "section", "sections"), s.LatentQueued)
				case s.LatentQueued >= engine.LatentMinSections:
					fmt.Fprintf(w, "latent space:    none yet: the next ubp index learns it (%s waiting)\n", plural.Count(s.LatentQueued, "section", "sections"))
				default:
					fmt.Fprintf(w, "latent space:    none yet (it needs %d sections; %d waiting)\n", engine.LatentMinSections, s.LatentQueued)
				}
				fmt.Fprintf(w, "index size:      %s\n", humanBytes(s.IndexBytes))
				fmt.Fprintf(w, "last indexed:    %s\n", orDash(s.LastIndexedAt))
				fmt.Fprintf(w, "schema version:  %d\n", s.SchemaVersion)
				return nil
			})
		},
	}
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	default:
		return fmt.Sprintf("%d B", n)
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
