package pageref

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"

	"github.com/ubp-dev/ubp/graph"
)

// docKeys returns the document keys the index holds for d (graph.DocKeys).
func docKeys(d Doc) []string {
	names, texts := graph.DocKeys(graph.DocRef{ID: d.ID, Path: d.Path, Title: d.Title, Aliases: d.Aliases})
	links := append(texts, names...)
	return append(links, DocKeys(d.Path, d.Title, d.Aliases, links)...)
}

// checkMatchKeys fails when Match finds a document for key that holds
// none of MatchKeys(key): a lookup reading only the documents holding
// one would miss it.
func checkMatchKeys(t *testing.T, docs []Doc, key string) {
	t.Helper()
	want := Match(docs, key)
	if want == nil {
		return
	}
	probes := MatchKeys(key)
	for _, k := range docKeys(*want) {
		if slices.Contains(probes, k) {
			return
		}
	}
	t.Errorf("Match(%q) finds %+v, whose keys %q hold none of MatchKeys %q", key, *want, docKeys(*want), probes)
}

// TestMatchKeysHoldWhatMatchFinds: a document Match finds for a name, in
// another case, width or Unicode form, with or without the extension, by
// path, file name, title or alias, or as the page of "page#Heading",
// holds one of the name's MatchKeys.
func TestMatchKeysHoldWhatMatchFinds(t *testing.T) {
	docs := []Doc{
		{ID: 1, Path: "a/notes.md", Title: "Readme"},
		{ID: 2, Path: "b.md", Title: "Other", Aliases: []string{"readme"}},
		{ID: 3, Path: "README.md", Title: "Top"},
		{ID: 4, Path: "ＡＰＩ設計.md", Title: "設計"},
		{ID: 5, Path: "仕様書（案）.md", Title: "仕様書（案）"},
		{ID: 6, Path: "notes.md", Title: "ﾒﾓ", Aliases: []string{Fold("ＦＡＱ")}},
		{ID: 7, Path: "guide/ﬁle.markdown", Title: "Ｓｅｔｕｐ Ｇｕｉｄｅ"},
		{ID: 8, Path: "x.html.md", Title: "Café", Aliases: []string{Fold("Ⅻ Notes")}},
		{ID: 9, Path: "deep/er/İstanbul.mdx", Title: "ガイド"},
		{ID: 10, Path: "c.md", Title: "Spaced Title"},
		{ID: 11, Path: "d／e.md", Title: "`code` title"},
		{ID: 12, Path: "cs.md", Title: "C# Guide"},
	}
	forms := []func(string) string{
		func(s string) string { return s },
		strings.ToUpper, strings.ToLower, norm.NFD.String, norm.NFKC.String,
		width.Widen.String, width.Narrow.String, Fold,
		stripMarkdownExt,
		func(s string) string { return s + ".md" },
		func(s string) string { return " " + s + " " },
		func(s string) string { return s + "#Some Heading" },
		func(s string) string { return s + " # A#B" },
	}
	var keys []string
	for _, d := range docs {
		names := append([]string{d.Path, d.Title, d.Path[strings.LastIndexByte(d.Path, '/')+1:]}, d.Aliases...)
		for _, n := range names {
			for _, f := range forms {
				keys = append(keys, f(n))
			}
		}
	}
	for _, key := range append(keys, "a/notes", "NOTES.MD", "api設計", "仕様書(案)", "メモ", "faq", "xii notes", "d/e", "C# Guide#Setup") {
		for _, d := range docs {
			checkMatchKeys(t, []Doc{d}, key) // each document, so no other one wins the match
		}
	}
}

// TestMatchKeysEveryRune: for every character, a document named or
// titled by it is found through MatchKeys by every character Match
// takes for it (those of equal Fold or width fold).
func TestMatchKeysEveryRune(t *testing.T) {
	groups := map[string][]string{}
	for r := rune(1); r <= 0x1D7FF; r++ { // the BMP and the mathematical letters (𝚺)
		if r == 0x10000 {
			r = 0x1D400
		}
		if !utf8ValidRune(r) || r == '/' || r == '#' || unicode.IsSpace(r) {
			continue
		}
		s := string(r)
		groups["f"+Fold(s)] = append(groups["f"+Fold(s)], s)
		groups["w"+foldWidth(s)] = append(groups["w"+foldWidth(s)], s)
	}
	for _, g := range groups {
		if len(g) < 2 {
			continue // a name only itself stands for
		}
		if len(g) > 64 {
			g = g[:64]
		}
		for _, a := range g {
			docs := []Doc{{ID: 1, Path: "x" + a + ".md", Title: "t" + a}}
			for _, b := range g {
				checkMatchKeys(t, docs, "x"+b)
				checkMatchKeys(t, docs, "t"+b)
			}
		}
	}
}

func utf8ValidRune(r rune) bool { return r < 0xD800 || r > 0xDFFF }
