//go:build !(linux || darwin)

package discover

import (
	"os"
	"path/filepath"
)

// statAtSupported: without fstatat, a file is stat'ed by its whole path.
const statAtSupported = false

func descriptor(*os.File) int { return 0 }

// statAt stats the entry name of d by its whole path.
func (d *folder) statAt(name string) (fileStat, error) {
	return statPath(filepath.Join(d.abs, name))
}
