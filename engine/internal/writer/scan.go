package writer

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwrite"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/index/discover"
)

// scanJob is a file that must be read: new, or changed on disk (or every
// file, with Full).
type scanJob struct {
	file    index.FileInfo
	stored  *docwrite.StoredDocument // nil for a file the index does not know
	maxSize int64                    // max_file_size (0: the default)
	// docsPath is the docs folder's path from the project root ("docs"),
	// for links written from the root (index.ParseIn).
	docsPath string
}

// runPlan is what a run has to do after comparing the folder with the index.
type runPlan struct {
	jobs []scanJob
	// missing are indexed documents whose file is gone, in path order:
	// deleted, unless a new file turns out to be their rename.
	missing []*docwrite.StoredDocument
}

// scan discovers the files in scope and compares them with the index by
// size and modification time.
func (w *Writer) scan(ctx context.Context, p Project, o runOptions, rep *answer.IndexReport) (*runPlan, error) {
	// Only metadata: the files that changed are read (and checked to be
	// text) when they are parsed (parseJob), the others not at all.
	files, warns, err := discover.List(ctx, discover.Options{
		Root:        p.DocsDir,
		Include:     p.Include,
		Exclude:     p.Exclude,
		MaxFileSize: p.MaxFileSize,
		Paths:       o.scope.paths(),
		StatOnly:    true,
	})
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	for _, warn := range warns {
		if o.scope.contains(warn.File) {
			rep.Warnings = append(rep.Warnings, warn)
		}
	}
	stored, err := loadStoredDocsIn(ctx, w.db, o.scope)
	if err != nil {
		return nil, err
	}
	plan := &runPlan{}
	docsPath := docsPathFrom(p.Root, p.DocsDir)
	seen := make(map[string]bool, len(files))
	// Documents under a folder that cannot be listed are kept as they are.
	unlisted := index.UnreadableDirs(files)
	for _, f := range files {
		if f.Dir {
			continue
		}
		if !o.scope.contains(f.Path) {
			continue
		}
		seen[f.Path] = true
		s := stored[f.Path]
		if f.Unreadable {
			// Discover warned; the indexed version (if any) stays as it is.
			if s != nil {
				rep.Unchanged++
			}
			continue
		}
		if s != nil && !o.full && s.Size == f.Size && s.MTime == f.ModTime.UnixNano() {
			rep.Unchanged++
			continue
		}
		plan.jobs = append(plan.jobs, scanJob{file: f, stored: s, maxSize: p.MaxFileSize, docsPath: docsPath})
	}
	for p, s := range stored {
		if !seen[p] && o.scope.contains(p) {
			if index.UnderAny(unlisted, p) {
				rep.Unchanged++
				continue
			}
			plan.missing = append(plan.missing, s)
		}
	}
	sort.Slice(plan.missing, func(i, j int) bool { return plan.missing[i].Path < plan.missing[j].Path })
	return plan, nil
}

// loadStoredDocsIn returns the indexed documents in scope (every one when
// scope is nil) by filepath. A scoped read looks each path and folder up
// in the filepath index instead of reading every row.
func loadStoredDocsIn(ctx context.Context, q store.Querier, scope *Scope) (map[string]*docwrite.StoredDocument, error) {
	if scope == nil {
		m, err := docwrite.StoredDocuments(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
		return m, nil
	}
	m := map[string]*docwrite.StoredDocument{}
	for _, p := range scope.paths() {
		part, err := docwrite.StoredDocumentsAt(ctx, q, p)
		if err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
		for k, v := range part {
			m[k] = v
		}
	}
	return m, nil
}

// docsPathFrom is the docs folder's path from the project root in slash
// form, or "" when it is not under the root.
func docsPathFrom(root, docsDir string) string {
	rel, err := filepath.Rel(root, docsDir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel)
}
