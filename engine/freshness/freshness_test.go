package freshness

import (
	"reflect"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/index"
)

// TestCompare: each kind of difference, files the caller would not index,
// and stored documents under a folder that could not be listed.
func TestCompare(t *testing.T) {
	stored := map[string]Stat{
		"a.md":     {10, 100},
		"b.md":     {20, 200},
		"c/d.md":   {30, 300},
		"gone.md":  {1, 1},
		"touch.md": {5, 50},
	}
	file := func(p string, size, mtime int64) index.FileInfo {
		return index.FileInfo{Path: p, Size: size, ModTime: time.Unix(0, mtime)}
	}
	same := []index.FileInfo{file("a.md", 10, 100), file("b.md", 20, 200), file("c/d.md", 30, 300), file("gone.md", 1, 1), file("touch.md", 5, 50)}
	tests := []struct {
		name  string
		files []index.FileInfo
		want  Diff
	}{
		{"same", same, Diff{}},
		{"every kind", []index.FileInfo{
			file("a.md", 11, 100), // size
			file("b.md", 20, 200),
			file("c/d.md", 30, 300),
			file("new.md", 3, 3),
			file("skip.md", 3, 3),   // not indexed: added says no
			file("touch.md", 5, 51), // mtime only
		}, Diff{Added: []string{"new.md"}, Modified: []string{"a.md", "touch.md"}, Deleted: []string{"gone.md"}}},
		{"empty folder", nil, Diff{Deleted: []string{"a.md", "b.md", "c/d.md", "gone.md", "touch.md"}}},
		{"unlisted folder", []index.FileInfo{
			file("a.md", 10, 100), file("b.md", 20, 200),
			{Path: "c", Unreadable: true, Dir: true},
			file("touch.md", 5, 50),
		}, Diff{Deleted: []string{"gone.md"}}},
	}
	added := func(fi index.FileInfo) bool { return fi.Path != "skip.md" }
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Compare(tc.files, stored, added)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Compare = %+v, want %+v", got, tc.want)
			}
			if got.Count() != len(got.Paths()) {
				t.Errorf("Count %d, Paths %v", got.Count(), got.Paths())
			}
		})
	}
}
