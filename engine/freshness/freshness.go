// Package freshness compares the files of a docs folder with what an index
// recorded of them (size and modification time), to tell cheaply whether
// the index is behind the folder and which files differ. It is pure: the
// caller walks the folder (discover.List with StatOnly) and reads the
// stored values; nothing here reads a file's content or opens a database.
package freshness

import (
	"sort"

	"github.com/ubp-dev/ubp/index"
)

// Stat is what is compared per file: size in bytes and modification time
// in unix nanoseconds.
type Stat struct {
	Size  int64
	MTime int64
}

// Diff lists the docs-relative paths that differ between the folder and the
// index, each sorted.
type Diff struct {
	// Added are files on disk the index does not hold.
	Added []string `json:"added,omitempty"`
	// Modified are indexed files whose size or mtime changed.
	Modified []string `json:"modified,omitempty"`
	// Deleted are indexed files no longer on disk (or no longer in scope).
	Deleted []string `json:"deleted,omitempty"`
}

// Count is the number of files that differ.
func (d Diff) Count() int { return len(d.Added) + len(d.Modified) + len(d.Deleted) }

// Paths returns every differing path, sorted.
func (d Diff) Paths() []string {
	out := make([]string, 0, d.Count())
	out = append(out, d.Added...)
	out = append(out, d.Modified...)
	out = append(out, d.Deleted...)
	sort.Strings(out)
	return out
}

// Compare returns how the files of a walk (discover.List, sorted by
// path) differ from the stored values, without building maps of the
// files: one lookup in stored per file, in the order of the list, so Added
// and Modified come out sorted. The stored paths met on the way are
// counted, and stored is walked again only when some were not: those are
// deleted, unless under a folder that cannot be listed (what is there is
// unknown: as stored). A file the index does not hold is Added only when
// added says so (indexing would read it: text, readable).
func Compare(files []index.FileInfo, stored map[string]Stat, added func(index.FileInfo) bool) Diff {
	var d Diff
	found := 0
	for _, fi := range files {
		if fi.Dir {
			continue
		}
		old, ok := stored[fi.Path]
		switch {
		case !ok:
			if added(fi) {
				d.Added = append(d.Added, fi.Path)
			}
			continue
		case old != (Stat{Size: fi.Size, MTime: fi.ModTime.UnixNano()}):
			d.Modified = append(d.Modified, fi.Path)
		}
		found++
	}
	if found == len(stored) {
		return d
	}
	unlisted := index.UnreadableDirs(files)
	for p := range stored {
		if !listedFile(files, p) && !index.UnderAny(unlisted, p) {
			d.Deleted = append(d.Deleted, p)
		}
	}
	sort.Strings(d.Deleted)
	return d
}

// listedFile reports whether files, sorted by path, list the file p.
func listedFile(files []index.FileInfo, p string) bool {
	i := sort.Search(len(files), func(i int) bool { return files[i].Path >= p })
	return i < len(files) && files[i].Path == p && !files[i].Dir
}
