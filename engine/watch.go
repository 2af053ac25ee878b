package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/ubp-dev/ubp/engine/internal/writer"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/index/discover"
	"github.com/ubp-dev/ubp/index/pathglob"
)

// watchDebounce is how long the watcher waits after the last file event
// before indexing, so a burst (a save, a checkout, a folder copy) becomes
// one run.
const watchDebounce = 200 * time.Millisecond

// Watch keeps the index up to date while ctx lasts. It watches the docs
// folder and its sub-folders (new folders are added as they appear; hidden,
// default-excluded and config-excluded folders are skipped) and, after each
// burst of events, indexes the paths involved with IndexPaths, so files
// created, modified, deleted or renamed, including editors' save-by-rename
// (write a temp file, rename it over the original), are reflected. Which
// files count follows the same rules as Index (includes, excludes,
// .gitignore); a changed .gitignore re-checks the whole folder. A changed
// .ubp/config.json is taken up (ReloadConfig): a new docs_dir moves the
// watches to the new folder, and a new docs_dir, embedding, include,
// exclude or max_file_size re-checks the whole folder, so the index
// follows the configuration as `ubp index` would.
//
// Right after the watches are in place, Watch brings the index up to date
// once, so nothing changed between the last Index and the start of the
// watch is missed. onReport (which may be nil) receives the report of
// every run that changed something or warned, and every error; Watch
// itself never stops on them. It returns nil when ctx is done, or an error
// when the docs folder cannot be watched at all.
func (e *Engine) Watch(ctx context.Context, onReport func(IndexReport, error)) error {
	return e.WatchCaughtUpBy(ctx, nil, onReport)
}

// WatchCaughtUpBy is Watch with the catch-up left to the caller: once the
// watches are in place it calls catchUp (ubp serve's check of every file
// and incremental index, which its tool calls wait for) instead of
// indexing the whole folder once more itself, so a server's start checks
// the files once, not twice. What changes after the watches are in place
// reaches the watcher as events, whether catchUp saw it or not. An error
// from catchUp ends Watch with that error. A nil catchUp is Watch's own
// run.
func (e *Engine) WatchCaughtUpBy(ctx context.Context, catchUp func(context.Context) error, onReport func(IndexReport, error)) error {
	if onReport == nil {
		onReport = func(IndexReport, error) {}
	}
	report := onReport
	onReport = func(r IndexReport, err error) {
		e.explainDamage(&err)
		report(r, err)
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("watch: %w", err)
	}
	defer w.Close()
	p := e.Project()
	docs, err := filepath.Abs(p.DocsDir())
	if err != nil {
		return fmt.Errorf("watch: resolve docs folder: %w", err)
	}
	ws := &watchState{e: e, w: w, docs: docs, dirs: map[string]bool{}, pending: map[string]bool{}, links: map[string]string{}}
	ws.watchParent(p)
	if err := w.Add(docs); err != nil {
		return fmt.Errorf("watch %s: %w", docs, err)
	}
	// .ubp/config.json too: a server takes up its changes (ReloadConfig).
	if data := p.DataDir(); w.Add(data) == nil {
		ws.dataDir = data
	}
	ws.dirs[docs] = true
	ws.addTree(docs, onReport)

	if catchUp != nil {
		if err := catchUp(ctx); err != nil {
			return err
		}
	}

	timer := time.NewTimer(time.Hour)
	timer.Stop()
	if catchUp == nil {
		ws.pending[ws.docs] = true // catch up once
		if retry := ws.flush(ctx, onReport); retry > 0 {
			timer.Reset(retry)
		}
	}
	// While the docs folder itself is gone (moved away, deleted by a branch
	// switch), nothing is watched: poll for it to come back.
	var rootPoll *time.Ticker
	var rootBack <-chan time.Time
	defer func() {
		if rootPoll != nil {
			rootPoll.Stop()
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if ws.handle(ev, onReport) {
				timer.Reset(watchDebounce)
			}
			if !ws.dirs[ws.docs] && rootPoll == nil {
				rootPoll = time.NewTicker(watchRootPoll)
				rootBack = rootPoll.C
				e.docsGone.Store(time.Now().UnixNano())
			}
		case <-rootBack:
			if ws.rewatchRoot(onReport) {
				rootPoll.Stop()
				rootPoll, rootBack = nil, nil
				e.docsGone.Store(0)
				timer.Reset(watchDebounce)
			}
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				ws.pending[ws.docs] = true // events were lost: re-check everything
				timer.Reset(watchDebounce)
				continue
			}
			onReport(writer.EmptyReport(), fmt.Errorf("watch: %w", err))
		case <-timer.C:
			if ws.configChanged {
				ws.configChanged = false
				ws.reloadConfig(onReport)
				switch {
				case !ws.dirs[ws.docs] && rootPoll == nil:
					// The new docs folder is not there (yet): tools
					// say so until it is (DocsFolderGone).
					rootPoll = time.NewTicker(watchRootPoll)
					rootBack = rootPoll.C
					e.docsGone.Store(time.Now().UnixNano())
				case ws.dirs[ws.docs] && rootPoll != nil:
					// The old one was gone; the new one is there.
					rootPoll.Stop()
					rootPoll, rootBack = nil, nil
					e.docsGone.Store(0)
				}
			}
			if retry := ws.flush(ctx, onReport); retry > 0 {
				timer.Reset(retry)
			}
		}
	}
}

// watchRootPoll is how often Watch looks for a docs folder that went away.
const watchRootPoll = 500 * time.Millisecond

// A run that failed is tried again after watchRetryFirst, then after twice
// as long at each failure, up to watchRetryMax.
const (
	watchRetryFirst = time.Second
	watchRetryMax   = 30 * time.Second
)

// rewatchRoot watches the docs folder again when it is back, with every
// folder below it, and marks all of it pending (what is indexed from before
// it went is compared with what came back); false while it is still gone.
//
// A docs folder back as a symlink leading outside the project stays gone:
// ubp reads only the project (the CLI refuses it when loading the
// project; a server found and indexed the outside folder).
func (ws *watchState) rewatchRoot(onReport func(IndexReport, error)) bool {
	st, err := os.Stat(ws.docs)
	if err != nil || !st.IsDir() {
		return false
	}
	if err := ws.e.Project().CheckDocsInside(); err != nil {
		if !ws.outsideTold {
			onReport(writer.EmptyReport(), fmt.Errorf("watch: %w", err))
			ws.outsideTold = true
		}
		return false
	}
	ws.outsideTold = false
	if err := ws.w.Add(ws.docs); err != nil {
		return false
	}
	ws.dirs[ws.docs] = true
	ws.addTree(ws.docs, onReport)
	ws.pending[ws.docs] = true
	return true
}

// watchState is the watcher's bookkeeping, used by one goroutine.
type watchState struct {
	e       *Engine
	w       *fsnotify.Watcher
	docs    string
	parent  string          // the folder holding docs, watched for the docs entry; "" when not watched
	dirs    map[string]bool // watched folders
	pending map[string]bool // paths to index at the next flush
	// outsideTold is set once a docs folder leading outside the project
	// was reported, until it is inside again.
	outsideTold bool
	// dataDir is the watched .ubp folder ("" when not watched), and
	// configChanged is set by an event on its config.json until the next
	// flush reloads it.
	dataDir       string
	configChanged bool
	// retryIn is how long after a failed run the next attempt comes (0
	// after a run that worked), and failed the error of the failed run
	// reported last, so that an attempt failing the same way is not
	// reported again.
	retryIn time.Duration
	failed  string
	// links maps each Markdown file in the docs folder that is a symlink
	// to the path it leads to (one hop, absolute). Editing, deleting or
	// writing back that file sends events for it only, so markPending
	// marks the symlinks leading to it too. Until 2026-11-28 a symlink's
	// page kept its target's old text, and stayed out of the index once
	// its target had gone and come back.
	links map[string]string
}

// noteLink records p in links when it is a symlink, and forgets it when
// it is not (any more).
func (ws *watchState) noteLink(p string) {
	if dest, err := os.Readlink(p); err == nil {
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		ws.links[p] = filepath.Clean(dest)
		return
	}
	delete(ws.links, p)
}

// markPending marks the Markdown file p to index at the next flush, with
// every symlink leading to it, hop by hop (a symlink to a symlink to p).
func (ws *watchState) markPending(p string) {
	ws.noteLink(p)
	ws.pending[p] = true
	for added := true; added; {
		added = false
		for l, dest := range ws.links {
			if ws.pending[dest] && !ws.pending[l] {
				ws.pending[l] = true
				added = true
			}
		}
	}
}

// reloadConfig takes up a changed .ubp/config.json (Engine.ReloadConfig):
// the folders it now includes are watched and every document is checked
// again at this flush, which embeds every section again when the
// embedding changed. A new docs_dir moves the watches to the new folder
// (retarget). A file that does not load is reported, and the
// configuration in use stays.
func (ws *watchState) reloadConfig(onReport func(IndexReport, error)) {
	r, err := ws.e.ReloadConfig()
	switch {
	case err != nil:
		onReport(writer.EmptyReport(), fmt.Errorf("watch: %w", err))
	case r.DocsDir:
		ws.retarget(onReport)
	case r.Changed:
		ws.addTree(ws.docs, onReport)
		ws.pending[ws.docs] = true
	}
}

// watchParent watches the folder holding the docs folder of p, for the
// docs entry itself: a docs symlink switched to another folder (ln -sfn)
// sends nothing from the folder it left. Not when the docs folder is the
// project root, whose parent is outside the project.
func (ws *watchState) watchParent(p *Project) {
	ws.parent = ""
	if root, err := filepath.Abs(p.Root); err == nil && filepath.Clean(root) != ws.docs {
		ws.parent = filepath.Dir(ws.docs)
		if err := ws.w.Add(ws.parent); err != nil {
			ws.parent = ""
		}
	}
}

// retarget moves the watches to the docs folder of the configuration now
// in use and marks all of it pending: the run of the whole new folder
// makes the index follow it (the old folder's documents go, those of the
// new one come, a file found in both by its content is a rename). A new
// folder that is not there is looked for as one that went away
// (rewatchRoot), the tools saying so meanwhile.
func (ws *watchState) retarget(onReport func(IndexReport, error)) {
	for d := range ws.dirs {
		_ = ws.w.Remove(d)
		delete(ws.dirs, d)
	}
	if ws.parent != "" {
		_ = ws.w.Remove(ws.parent)
	}
	p := ws.e.Project()
	docs, err := filepath.Abs(p.DocsDir())
	if err != nil {
		onReport(writer.EmptyReport(), fmt.Errorf("watch: resolve docs folder: %w", err))
		return
	}
	ws.docs = docs
	// What was pending lies in the old folder: the run of the new one
	// deletes the old documents anyway.
	ws.pending = map[string]bool{}
	ws.links = map[string]string{}
	ws.failed, ws.retryIn = "", 0
	ws.watchParent(p)
	if st, err := os.Stat(docs); err != nil || !st.IsDir() {
		return
	}
	if err := ws.w.Add(docs); err != nil {
		onReport(writer.EmptyReport(), fmt.Errorf("watch %s: %w", docs, err))
		return
	}
	ws.dirs[docs] = true
	ws.addTree(docs, onReport)
	ws.pending[docs] = true
}

// skipDir reports whether the folder at abs (inside docs) is never
// indexed, so not watched: hidden, default-excluded or excluded by config.
func (ws *watchState) skipDir(abs string) bool {
	if abs == ws.docs {
		return false
	}
	name := filepath.Base(abs)
	if strings.HasPrefix(name, ".") {
		return true
	}
	for _, d := range discover.DefaultExcludedDirs {
		if name == d {
			return true
		}
	}
	rel, err := filepath.Rel(ws.docs, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return true
	}
	rel = filepath.ToSlash(rel)
	for _, p := range ws.e.Project().Config.Exclude {
		if pathglob.Match(p, rel) {
			return true
		}
	}
	return false
}

// addTree watches dir and every folder below it, and marks the files found
// there as pending (they may have been written before the watch began).
func (ws *watchState) addTree(dir string, onReport func(IndexReport, error)) {
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil //nolint:nilerr // vanished meanwhile, or unreadable: Index warns about it
		}
		if !d.IsDir() {
			if p != dir {
				ws.pending[p] = true
				if d.Type()&fs.ModeSymlink != 0 && isMarkdownFile(d.Name()) {
					ws.noteLink(p)
				}
			}
			return nil
		}
		if ws.skipDir(p) {
			return filepath.SkipDir
		}
		if !ws.dirs[p] {
			if err := ws.w.Add(p); err != nil {
				onReport(writer.EmptyReport(), fmt.Errorf("watch %s: %w", p, err))
				return filepath.SkipDir
			}
			ws.dirs[p] = true
		}
		return nil
	})
}

// handle records one event and reports whether it matters.
func (ws *watchState) handle(ev fsnotify.Event, onReport func(IndexReport, error)) bool {
	p := filepath.Clean(ev.Name)
	if ws.parent != "" && filepath.Dir(p) == ws.parent {
		if p != ws.docs || !ev.Has(fsnotify.Create) && !ev.Has(fsnotify.Remove) && !ev.Has(fsnotify.Rename) {
			return false // another entry beside the docs folder
		}
		// The docs entry was replaced (a symlink switched, a folder moved
		// in): forget what is watched; the folder is looked for again as
		// when it went away (rewatchRoot).
		for d := range ws.dirs {
			_ = ws.w.Remove(d)
			delete(ws.dirs, d)
		}
		ws.pending[ws.docs] = true
		return true
	}
	name := filepath.Base(p)
	if ws.dataDir != "" && filepath.Dir(p) == ws.dataDir {
		// The index's own files change at every run: only the
		// configuration counts.
		if name != "config.json" {
			return false
		}
		ws.configChanged = true
		return true
	}
	if name == ".gitignore" {
		ws.pending[ws.docs] = true
		return true
	}
	if ev.Has(fsnotify.Create) {
		st, err := os.Lstat(p)
		if err == nil && st.IsDir() {
			if ws.skipDir(p) {
				return false
			}
			ws.addTree(p, onReport)
			ws.pending[p] = true
			return true
		}
		if err == nil && st.Mode()&fs.ModeSymlink != 0 && !isMarkdownFile(name) {
			// A symlinked folder is never followed, but one leading
			// outside is named, as ubp index names it: walk its path.
			if to, err := os.Stat(p); err == nil && to.IsDir() {
				ws.pending[p] = true
				return true
			}
		}
	}
	if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
		if ws.dirs[p] {
			// A watched folder went away (fsnotify drops its watch): every
			// document under it is gone or moved.
			for d := range ws.dirs {
				if d == p || strings.HasPrefix(d, p+string(filepath.Separator)) {
					delete(ws.dirs, d)
					_ = ws.w.Remove(d) // a moved folder keeps its inotify watch otherwise
				}
			}
			ws.pending[p] = true
			return true
		}
	}
	if !isMarkdownFile(name) {
		return false
	}
	ws.markPending(p)
	return true
}

// isMarkdownFile says whether a file name is one Index considers.
func isMarkdownFile(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return index.IsMarkdownExt(ext) && !strings.HasPrefix(name, ".")
}

// flush indexes the pending paths and reports the outcome. A run that
// fails leaves its paths pending: flush returns when to try again (0 when
// the run worked), and reports the failure unless the last attempt failed
// the same way. Until 2026-11-28 the paths of a failed run were dropped,
// so a file saved while runs failed (a full disk, an unwritable .ubp)
// stayed out of the index until it was edited again.
func (ws *watchState) flush(ctx context.Context, onReport func(IndexReport, error)) (retry time.Duration) {
	if len(ws.pending) == 0 {
		return 0
	}
	paths := make([]string, 0, len(ws.pending))
	for p := range ws.pending {
		paths = append(paths, p)
	}
	ws.pending = map[string]bool{}
	rep, err := ws.e.IndexPaths(ctx, paths)
	if ctx.Err() != nil {
		return 0 // shutting down: an interrupted run is not worth a report
	}
	if err != nil {
		for _, p := range paths {
			ws.pending[p] = true
		}
		if msg := err.Error(); msg != ws.failed {
			ws.failed = msg
			onReport(rep, err)
		}
		ws.retryIn = min(max(2*ws.retryIn, watchRetryFirst), watchRetryMax)
		return ws.retryIn
	}
	ws.failed, ws.retryIn = "", 0
	if rep.Added+rep.Updated+rep.Renamed+rep.Deleted > 0 || len(rep.Warnings) > 0 {
		onReport(rep, err)
	}
	return 0
}

// DocsFolderGone reports whether the watcher found the docs folder gone
// (moved away, deleted by a branch switch) and not back yet, and since
// when. The index then describes files that are not there.
func (e *Engine) DocsFolderGone() (since time.Time, gone bool) {
	n := e.docsGone.Load()
	if n == 0 {
		return time.Time{}, false
	}
	return time.Unix(0, n), true
}
