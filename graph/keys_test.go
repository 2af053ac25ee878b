package graph

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

// TestKeysCoverEveryResolutionChange: whenever adding a document changes
// how a link resolves (from any folder, as a wiki-link or a Markdown
// link), the link's keys match the document's keys. Random document sets
// and targets from a small vocabulary, so names, titles and aliases
// collide often, and folders are named like pages (x/index.md, x.md).
func TestKeysCoverEveryResolutionChange(t *testing.T) {
	dirs := []string{"", "a/", "a/b/", "B/", "ä/", "x/", "a/x/"}
	names := []string{"x", "X", "y", "café", "cafe\u0301", "a", "b", "index", "README", "readme", "_index", ".md", "x.MD", "ＡＰＩ", "api", "ｶﾞｲﾄﾞ"}
	exts := []string{".md", ".markdown", ".MD"}
	words := []string{"X", "y", "Title", "café", " x ", "a/x", "Y.md", "ａｐｉ", "ガイド", "`Title`", "the `x` page"}
	targets := []string{"", " ", ".", "..", "./", "../", "/", "x", "X", "x.md", "./x", "../x", "../x.md",
		"/x", "/a/x", "a/x", "b/x", "a/b/x.md", "../../x", "../..", "./..", "a/..", "a/.", "café", "Café",
		"cafe\u0301.md", "Title", "title", "y", "Y.md", ".md", "a/.md", "./.MD", "index", "B/index",
		"../B/y", "a/b/../x", "x/", "ä/x", "Ä/X", "../a", "../b",
		"x.html", "./x.htm", "../a/x.HTML", ".html", "a/.htm", "y.html",
		"API", "ａｐｉ", "a/ＡＰＩ", "ガイド", "ｶﾞｲﾄﾞ.md", "Ａ/api", "the x page", "`title`", "THE `X` PAGE"}
	r := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for round := 0; round < 400; round++ {
		var docs []DocRef
		for i, n := 0, 1+r.IntN(8); i < n; i++ {
			d := DocRef{ID: int64(i + 1), Path: dirs[r.IntN(len(dirs))] + names[r.IntN(len(names))] + exts[r.IntN(len(exts))]}
			if r.IntN(2) == 0 {
				d.Title = words[r.IntN(len(words))]
			}
			if r.IntN(3) == 0 {
				d.Aliases = []string{words[r.IntN(len(words))]}
			}
			docs = append(docs, d)
		}
		for drop := range docs {
			without := slices.Delete(slices.Clone(docs), drop, drop+1)
			with, less := NewResolver(docs), NewResolver(without)
			dnames, dtexts := DocKeys(docs[drop])
			for _, from := range []string{"top.md", "a/f.md", "a/b/f.md", "B/f.md", "z/f.md", "x/f.md"} {
				for _, target := range targets {
					for _, kind := range []index.LinkKind{index.KindWiki, index.KindMarkdown} {
						a, b := with.ResolveLink(from, kind, target), less.ResolveLink(from, kind, target)
						if reflect.DeepEqual(a, b) {
							continue
						}
						checked++
						k := LinkKeysOf(TargetOf(kind, target))
						if k.Any || (k.Name != "" && slices.Contains(dnames, k.Name)) || slices.Contains(dtexts, k.Text) {
							continue
						}
						t.Fatalf("%s", fmt.Sprintf("%s link %q from %s resolves differently with %+v (%+v, without: %+v) but its keys %+v miss the document's (%q, %q)",
							kind, target, from, docs[drop], a, b, k, dnames, dtexts))
					}
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d resolution changes checked; the vocabulary no longer collides", checked)
	}
}

func TestTargetOf(t *testing.T) {
	cases := []struct {
		name string
		kind index.LinkKind
		text string
		want string
	}{
		{"markdown bare path is relative first", index.KindMarkdown, "x.md", "./x.md"},
		{"markdown dot-relative kept", index.KindMarkdown, "./x.md", "./x.md"},
		{"markdown parent kept", index.KindMarkdown, "../a/x.md", "../a/x.md"},
		{"markdown rooted kept", index.KindMarkdown, "/a/x.md", "/a/x.md"},
		{"markdown empty kept", index.KindMarkdown, "", ""},
		{"wiki-link as written", index.KindWiki, "x", "x"},
		{"wiki-link with folder as written", index.KindWiki, "a/x.md", "a/x.md"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := TargetOf(tc.kind, tc.text); got != tc.want {
				t.Errorf("TargetOf(%s, %q) = %q, want %q", tc.kind, tc.text, got, tc.want)
			}
		})
	}
}
