package discover

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadFile: regular files are read; a FIFO is refused without
// blocking (a blocking read would hang this test), so are folders and
// files over the limit.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.md")
	big := filepath.Join(dir, "big.md")
	fifo := filepath.Join(dir, "fifo.md")
	if err := os.WriteFile(ok, []byte("# ok\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, []byte(strings.Repeat("x", 101)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(ok, 100); err != nil || string(data) != "# ok\n" {
		t.Errorf("ReadFile(ok) = %q, %v", data, err)
	}
	for _, tc := range []struct {
		path string
		want error
	}{{fifo, ErrNotRegular}, {dir, ErrNotRegular}, {big, ErrTooLarge}} {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			if _, err := ReadFile(tc.path, 100); !errors.Is(err, tc.want) {
				t.Errorf("ReadFile(%s) error = %v, want %v", filepath.Base(tc.path), err, tc.want)
			}
		})
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.md"), 100); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
