package engine

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"golang.org/x/text/unicode/norm"

	"github.com/ubp-dev/ubp/engine/freshness"
)

// freshnessByStat is the fast path of Freshness for a built index: it
// stats every indexed file (in parallel) against its stored size and
// mtime, and lists the folders (pruned like Watch prunes them) only to
// spot names the index does not hold. It answers only when it can be sure
// with the rules of discovery left to index.Discover: ok is false (use the
// full discovery) when a Markdown name is not indexed, an indexed file
// cannot be stat'ed, or the configuration or a .gitignore changed after the
// last index, since those are the cases where only Discover knows what
// counts.
func (e *Engine) freshnessByStat(ctx context.Context, stored map[string]freshness.Stat, lastIndexed time.Time) (d freshness.Diff, ok bool, err error) {
	docs, err := filepath.Abs(e.p.DocsDir())
	if err != nil {
		return d, false, err
	}
	// A configuration written after the last index may change the scope.
	if st, err := os.Stat(e.p.ConfigPath); err != nil || !st.ModTime().Before(lastIndexed) {
		return d, false, nil
	}
	ws := &watchState{e: e, docs: docs}
	unknown := false
	var walk func(abs, rel string) error
	walk = func(abs, rel string) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		ents, err := os.ReadDir(abs)
		if err != nil {
			unknown = true
			return nil
		}
		for _, ent := range ents {
			name := ent.Name()
			childAbs := filepath.Join(abs, name)
			childRel := name
			if rel != "" {
				childRel = rel + "/" + name
			}
			switch {
			case ent.IsDir():
				if ws.skipDir(childAbs) {
					continue
				}
				if err := walk(childAbs, childRel); err != nil {
					return err
				}
			case name == ".gitignore":
				st, err := os.Stat(childAbs)
				if err != nil || !st.ModTime().Before(lastIndexed) {
					unknown = true
				}
			case isMarkdownFile(name):
				if _, known := stored[norm.NFC.String(childRel)]; !known {
					unknown = true // new, or never a document: Discover decides
				}
			}
			if unknown {
				return nil
			}
		}
		return nil
	}
	if err := walk(docs, ""); err != nil || unknown {
		return d, false, err
	}

	paths := make([]string, 0, len(stored))
	for p := range stored {
		paths = append(paths, p)
	}
	workers := min(runtime.GOMAXPROCS(0)*2, 8)
	var (
		mu       sync.Mutex
		wg       sync.WaitGroup
		failed   bool
		modified []string
	)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []string
			bad := false
			for i := w; i < len(paths) && !bad; i += workers {
				p := paths[i]
				st, err := os.Stat(filepath.Join(docs, filepath.FromSlash(p)))
				if err != nil || !st.Mode().IsRegular() {
					bad = true // deleted or unreadable: Discover decides
					break
				}
				if (freshness.Stat{Size: st.Size(), MTime: st.ModTime().UnixNano()}) != stored[p] {
					mine = append(mine, p)
				}
			}
			mu.Lock()
			failed = failed || bad
			modified = append(modified, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if failed {
		return d, false, nil
	}
	// A modified file may now be over the size limit or not text: the
	// re-index of it applies Discover's rules.
	d.Modified = modified
	return d, true, nil
}

// lastIndexedTime parses the last_indexed_at stamp (RFC 3339, seconds),
// rounded down to the second before it so that a file written in the
// same second as the stamp counts as newer.
func lastIndexedTime(v string) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return time.Time{}, false
	}
	return t.Add(-time.Second), true
}
