package discover

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/ubp-dev/ubp/index"
)

// ErrNotRegular is returned by ReadFile for a path that is not a regular
// file (a FIFO, a device, a socket, a folder).
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is returned by ReadFile for a file over the size limit.
var ErrTooLarge = errors.New("file over the size limit")

// ReadFile reads the regular file at path, refusing anything else and more
// than limit bytes (0: index.DefaultMaxFileSize). It never blocks on a FIFO (the
// file is opened non-blocking and checked before reading) and never holds
// more than limit+1 bytes, even when the file is replaced or grows between a
// folder listing and the read.
func ReadFile(path string, limit int64) ([]byte, error) {
	if limit <= 0 {
		limit = index.DefaultMaxFileSize
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", path, ErrNotRegular)
	}
	if st.Size() > limit {
		return nil, fmt.Errorf("%s is %s: %w of %s", path, formatBytes(st.Size()), ErrTooLarge, formatBytes(limit))
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s grew while read: %w of %s", path, ErrTooLarge, formatBytes(limit))
	}
	return data, nil
}
