package discover

import (
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

// TestDiscoverNonRegularMarkdown: a Markdown name that is no regular file
// (a FIFO) is skipped with a warning naming it, as a symlink to one is, so
// that status lists it and get-page says why it has no page; it was
// skipped without a word. A FIFO that is not a document stays silent.
func TestDiscoverNonRegularMarkdown(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.md": "# a\n"})
	for _, name := range []string{"pipe.md", "sub-pipe.markdown", "pipe.txt", ".hidden.md"} {
		if err := syscall.Mkfifo(filepath.Join(root, name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, warns := discoverPaths(t, Options{Root: root})
	if want := []string{"a.md"}; !reflect.DeepEqual(files, want) {
		t.Errorf("paths = %q, want %q", files, want)
	}
	got := map[string]string{}
	for _, w := range warns {
		got[w.File] = w.Message
	}
	for _, name := range []string{"pipe.md", "sub-pipe.markdown"} {
		if msg := got[name]; !strings.HasPrefix(msg, "skipped:") || !strings.Contains(msg, "not a regular file") {
			t.Errorf("warning for %s = %q, want a skip saying it is not a regular file", name, msg)
		}
		delete(got, name)
	}
	if len(got) != 0 {
		t.Errorf("warnings for files that are no documents: %v", got)
	}
}
