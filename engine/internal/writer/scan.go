package writer

import (
	"context"
	"fmt"
	"sort"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/index"
)

// storedDoc is what the index remembers of a file, to tell whether it
// changed.
type storedDoc struct {
	id    int64
	path  string
	hash  string
	size  int64
	mtime int64 // unix nanoseconds
}

// scanJob is a file that must be read: new, or changed on disk (or every
// file, with Full).
type scanJob struct {
	file    index.FileInfo
	stored  *storedDoc // nil for a file the index does not know
	maxSize int64      // max_file_size (0: the default)
}

// runPlan is what a run has to do after comparing the folder with the index.
type runPlan struct {
	jobs []scanJob
	// missing are indexed documents whose file is gone, in path order:
	// deleted, unless a new file turns out to be their rename.
	missing []*storedDoc
}

// scan discovers the files in scope and compares them with the index by
// size and modification time.
func (w *Writer) scan(ctx context.Context, p Project, o runOptions, rep *answer.IndexReport) (*runPlan, error) {
	files, warns, err := index.Discover(ctx, index.DiscoverOptions{
		Root:        p.DocsDir,
		Include:     p.Include,
		Exclude:     p.Exclude,
		MaxFileSize: p.MaxFileSize,
		Paths:       o.scope.paths(),
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
	seen := make(map[string]bool, len(files))
	for _, f := range files {
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
		if s != nil && !o.full && s.size == f.Size && s.mtime == f.ModTime.UnixNano() {
			rep.Unchanged++
			continue
		}
		plan.jobs = append(plan.jobs, scanJob{file: f, stored: s, maxSize: p.MaxFileSize})
	}
	for p, s := range stored {
		if !seen[p] && o.scope.contains(p) {
			plan.missing = append(plan.missing, s)
		}
	}
	sort.Slice(plan.missing, func(i, j int) bool { return plan.missing[i].path < plan.missing[j].path })
	return plan, nil
}

// loadStoredDocsIn returns the indexed documents in scope (every one when
// scope is nil) by filepath. A scoped read looks each path and folder up
// in the filepath index instead of reading every row.
func loadStoredDocsIn(ctx context.Context, q store.Querier, scope *Scope) (map[string]*storedDoc, error) {
	const cols = `SELECT id, filepath, content_hash, file_size, file_mtime FROM documents`
	if scope == nil {
		return loadStoredDocs(ctx, q, cols)
	}
	m := map[string]*storedDoc{}
	for _, p := range scope.paths() {
		// The documents at p and under p/ ('0' is the byte after '/').
		part, err := loadStoredDocs(ctx, q, cols+` WHERE filepath = ? OR (filepath >= ? AND filepath < ?)`,
			p, p+"/", p+"0")
		if err != nil {
			return nil, err
		}
		for k, v := range part {
			m[k] = v
		}
	}
	return m, nil
}

// loadStoredDocs returns the documents query selects by filepath.
func loadStoredDocs(ctx context.Context, q store.Querier, query string, args ...any) (map[string]*storedDoc, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("index: read indexed documents: %w", err)
	}
	defer rows.Close()
	m := map[string]*storedDoc{}
	for rows.Next() {
		s := &storedDoc{}
		if err := rows.Scan(&s.id, &s.path, &s.hash, &s.size, &s.mtime); err != nil {
			return nil, fmt.Errorf("index: read indexed documents: %w", err)
		}
		m[s.path] = s
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("index: read indexed documents: %w", err)
	}
	return m, nil
}
