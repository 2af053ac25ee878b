package engine

import (
	"sort"

	"github.com/ubp-dev/ubp/engine/freshness"
	"github.com/ubp-dev/ubp/index"
)

// compareFiles is freshness.Compare for the files of a walk (index.Discover,
// sorted by path) against the stored values, without building maps of the
// files: one lookup in stored per file, in the order of the list, so Added
// and Modified come out sorted. The stored paths met on the way are
// counted, and stored is walked again only when some were not: those are
// deleted, unless under a folder that cannot be listed (what is there is
// unknown: as stored). A file the index does not hold is Added only when
// added says so (Index would read it: text, readable).
func compareFiles(files []index.FileInfo, stored map[string]freshness.Stat, added func(index.FileInfo) bool) freshness.Diff {
	var d freshness.Diff
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
		case old != (freshness.Stat{Size: fi.Size, MTime: fi.ModTime.UnixNano()}):
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
