// Package freshness compares the files of a docs folder with what an index
// recorded of them (size and modification time), to tell cheaply whether
// the index is behind the folder and which files differ. It is pure: the
// caller walks the folder (index.Discover with StatOnly) and reads the
// stored values; nothing here reads a file's content or opens a database.
package freshness

import "sort"

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

// Compare returns how onDisk differs from stored. Both map docs-relative
// paths to their Stat. Its cost is one map lookup per file.
func Compare(onDisk, stored map[string]Stat) Diff {
	var d Diff
	for p, s := range onDisk {
		old, ok := stored[p]
		switch {
		case !ok:
			d.Added = append(d.Added, p)
		case old != s:
			d.Modified = append(d.Modified, p)
		}
	}
	for p := range stored {
		if _, ok := onDisk[p]; !ok {
			d.Deleted = append(d.Deleted, p)
		}
	}
	sort.Strings(d.Added)
	sort.Strings(d.Modified)
	sort.Strings(d.Deleted)
	return d
}
