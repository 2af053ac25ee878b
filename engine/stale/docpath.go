package stale

import (
	"path"
	"path/filepath"
)

// realFolders resolves the folders of project paths through symlinks
// inside the project, each folder once: a docs folder that is a link
// (docs -> handbook/docs) holds documents git records, and code scanning
// finds, under the path the link leads to. A folder that cannot be
// resolved, or leads outside the project, is kept as written.
type realFolders struct {
	rootReal string
	memo     map[string]string
}

func newRealFolders(rootReal string) *realFolders {
	return &realFolders{rootReal: rootReal, memo: map[string]string{}}
}

// path is rel (slash-separated, from the project root) with its folder
// resolved; "" stays "". The last element is kept: a document that is
// itself a link is recorded by git as that link.
func (f *realFolders) path(rel string) string {
	if rel == "" {
		return ""
	}
	dir, base := path.Split(path.Clean(rel))
	dir = f.folder(path.Clean(dir))
	if dir == "." {
		return base
	}
	return dir + "/" + base
}

// folder is the folder rel (cleaned, "." for the root) resolved.
func (f *realFolders) folder(rel string) string {
	if rel == "." || rel == "" {
		return "."
	}
	if r, ok := f.memo[rel]; ok {
		return r
	}
	r := rel
	if resolved, err := resolveInside(f.rootReal, rel); err == nil {
		if rr, err := filepath.Rel(f.rootReal, resolved); err == nil && filepath.IsLocal(rr) {
			r = filepath.ToSlash(rr)
		}
	}
	f.memo[rel] = r
	return r
}
