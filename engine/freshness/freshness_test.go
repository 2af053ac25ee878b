package freshness

import (
	"reflect"
	"testing"
)

func TestCompare(t *testing.T) {
	stored := map[string]Stat{
		"a.md":     {10, 100},
		"b.md":     {20, 200},
		"c/d.md":   {30, 300},
		"gone.md":  {1, 1},
		"touch.md": {5, 50},
	}
	tests := []struct {
		name   string
		onDisk map[string]Stat
		want   Diff
	}{
		{"same", map[string]Stat{"a.md": {10, 100}, "b.md": {20, 200}, "c/d.md": {30, 300}, "gone.md": {1, 1}, "touch.md": {5, 50}}, Diff{}},
		{"every kind", map[string]Stat{
			"a.md":     {11, 100}, // size
			"b.md":     {20, 200},
			"c/d.md":   {30, 300},
			"touch.md": {5, 51}, // mtime only
			"new.md":   {3, 3},
		}, Diff{Added: []string{"new.md"}, Modified: []string{"a.md", "touch.md"}, Deleted: []string{"gone.md"}}},
		{"empty folder", map[string]Stat{}, Diff{Deleted: []string{"a.md", "b.md", "c/d.md", "gone.md", "touch.md"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Compare(tc.onDisk, stored)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Compare = %+v, want %+v", got, tc.want)
			}
			if got.Count() != len(got.Paths()) {
				t.Errorf("Count %d, Paths %v", got.Count(), got.Paths())
			}
		})
	}
}
