package index

import (
	"reflect"
	"testing"
)

// TestFolderLinks: a Markdown link to a folder, named or not ("sub/",
// "./", "../", "/", "." and "..", and "/docs/", the docs folder from the
// project root) is a rendered link to that folder (its index page, see
// package graph); one that leaves the docs folder is none.
func TestFolderLinks(t *testing.T) {
	tests := []struct {
		name, path, body string
		want             []string // targets of the links found, all rendered
	}{
		{"a named folder", "a/d.md", "[s](sub/)", []string{"sub/"}},
		{"this folder", "a/d.md", "[h](./)", []string{"./"}},
		{"this folder with an anchor", "a/d.md", "[h](./#install)", []string{"./"}},
		{"the parent folder", "a/d.md", "[u](../)", []string{"../"}},
		{"the docs root", "a/d.md", "[r](/)", []string{"/"}},
		{"the docs folder from the project root", "a/d.md", "[r](/docs/)", []string{"/"}},
		{"the docs folder without its slash", "a/d.md", "[r](/docs)", []string{"/"}},
		{"a folder of it from the project root", "a/d.md", "[r](/docs/sub/)", []string{"/sub/"}},
		{"up out of the docs folder", "d.md", "[u](../) [v](../../x/)", nil},
		{"two up, still inside", "a/b/d.md", "[u](../../)", []string{"../../"}},
		{"this folder without its slash", "a/d.md", "[h](.)", []string{"."}},
		{"this folder without its slash, an anchor", "a/d.md", "[h](.#install)", []string{"."}},
		{"the parent folder without its slash", "a/d.md", "[u](..)", []string{".."}},
		{"two up without the slash", "a/b/d.md", "[u](../..)", []string{"../.."}},
		{"up out of the docs folder without the slash", "d.md", "[u](..) [v](../..)", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.body + "\n"
			doc, warns := ParseIn(tt.path, "docs", []byte(src))
			if len(warns) > 0 {
				t.Fatalf("unexpected warnings: %v", warns)
			}
			checkInvariants(t, src, doc)
			var got []string
			for _, l := range doc.Links {
				got = append(got, l.Target)
				if l.Kind != KindMarkdown || !l.Rendered {
					t.Errorf("link %+v: want a rendered Markdown link", l)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("links to %q, want %q", got, tt.want)
			}
		})
	}
}
