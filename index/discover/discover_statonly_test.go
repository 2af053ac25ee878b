package discover

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestDiscoverStatOnlyMatchesReading: a StatOnly walk, which stats its
// files without reading them, lists the same files with the same sizes and
// times, and gives the same warnings in the same order, as a walk that
// reads them, for text files; a cancelled walk stops with an error.
func TestDiscoverStatOnlyMatchesReading(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"big.md":                     strings.Repeat("x", 200),
		"sub/big.md":                 strings.Repeat("y", 150),
		"café.md":                    "NFC name",
		norm.NFD.String("café.md"):   "NFD name of the same file name",
		"deep/er/d.md":               "d",
		".gitignore":                 "skip.md\n",
		"skip.md":                    "ignored",
		"notes.txt":                  "not markdown",
		"deep/er/e.markdown":         "e",
		norm.NFD.String("deep/が.md"): "NFD folder entry",
	}
	for i := range 60 { // many files, in several folders
		files[fmt.Sprintf("bulk/%d/f%02d.md", i%4, i)] = strings.Repeat("z", i)
	}
	writeTree(t, root, files)
	if err := os.Symlink("deep/er/d.md", filepath.Join(root, "link.md")); err != nil {
		t.Fatal(err)
	}
	opts := Options{Root: root, MaxFileSize: 100}
	read, readWarns, err := List(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.StatOnly = true
	stat, statWarns, err := List(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(read) < 60 || !reflect.DeepEqual(stat, read) {
		t.Errorf("StatOnly listed\n %v\nreading listed\n %v", stat, read)
	}
	if len(readWarns) < 3 || !reflect.DeepEqual(statWarns, readWarns) {
		t.Errorf("StatOnly warned\n %v\nreading warned\n %v", statWarns, readWarns)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := List(ctx, opts); err == nil {
		t.Error("a cancelled StatOnly walk returned no error")
	}
}
