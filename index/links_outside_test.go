package index

import (
	"reflect"
	"testing"
)

// TestLinksOutsideTheDocsFolder: a Markdown link whose path, from the
// linking file's folder, leaves the docs folder (the repository's
// ../README.md or ../CONTRIBUTING.md from docs/) names a file ubp never
// reads, not a document: it is no link, as a link to ../src/main.go is
// not, rather than a link that can never resolve and was counted as
// broken. Links that stay inside, however written, are kept.
func TestLinksOutsideTheDocsFolder(t *testing.T) {
	tests := []struct {
		name, path, body string
		want             []string // targets of the links found
	}{
		{"parent of the root", "index.md", "[README](../README.md)", nil},
		{"two up from a folder", "guide/setup.md", "[c](../../CONTRIBUTING.md#setup)", nil},
		{"rendered name outside", "d.md", "[Vec](../std/vec/struct.Vec.html)", nil},
		{"reference definition", "index.md", "[r][l]\n\n[l]: ../LICENSE.md", nil},
		{"one up from a folder stays inside", "guide/setup.md", "[i](../index.md)", []string{"../index.md"}},
		{"down and up stays inside", "index.md", "[a](sub/../a.md)", []string{"sub/../a.md"}},
		{"from the root", "guide/setup.md", "[a](/a.md)", []string{"/a.md"}},
		{"bare name", "guide/setup.md", "[b](b.md)", []string{"b.md"}},
		{"wiki-link is a name, not a path", "index.md", "[[../x]]", []string{"../x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, tt.path, tt.body+"\n")
			var got []string
			for _, l := range doc.Links {
				got = append(got, l.Target)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("links to %q, want %q", got, tt.want)
			}
		})
	}
}
