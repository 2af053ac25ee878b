package discover

import (
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"
)

// folder is a folder of the docs being walked, open while its files are
// stat'ed, so that where the system allows it (statAtSupported) a file is
// stat'ed by its name in the folder instead of its whole path, each of
// whose folders the system would look up again.
type folder struct {
	f   *os.File
	fd  int // f's descriptor where statAtSupported
	abs string
}

// openFolder opens the folder abs and lists its entries, sorted by name
// as os.ReadDir sorts them. The caller closes the folder.
func openFolder(abs string) (*folder, []fs.DirEntry, error) {
	f, err := os.Open(abs)
	if err != nil {
		return nil, nil, err
	}
	entries, err := f.ReadDir(-1)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return &folder{f: f, fd: descriptor(f), abs: abs}, entries, nil
}

func (d *folder) close() { d.f.Close() }

// fileStat is what the walk keeps of a file's stat.
type fileStat struct {
	size  int64
	mtime time.Time
}

// statPath stats the file at path abs, following a symlink.
func statPath(abs string) (fileStat, error) {
	st, err := os.Stat(abs)
	if err != nil {
		return fileStat{}, err
	}
	return fileStat{size: st.Size(), mtime: st.ModTime()}, nil
}
