package pageref

import (
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// holds reports whether a document with hashes has one of probes.
func holds(hashes, probes []int64) bool {
	for _, h := range hashes {
		for _, p := range probes {
			if h == p {
				return true
			}
		}
	}
	return false
}

// TestMatchProbesFindWhatMatchFinds: Match over the documents holding
// one of a key's MatchProbes answers as over every document, for names
// written in another case, width or Unicode form, with or without the
// extension, by path, file name, title or alias.
func TestMatchProbesFindWhatMatchFinds(t *testing.T) {
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
		{ID: 10, Path: "c.md", Title: "  Spaced  Title "},
	}
	forms := map[string]func(string) string{
		"as is":      func(s string) string { return s },
		"upper":      strings.ToUpper,
		"lower":      strings.ToLower,
		"NFD":        norm.NFD.String,
		"NFKC":       norm.NFKC.String,
		"full width": width.Widen.String,
		"half width": width.Narrow.String,
		"folded":     Fold,
		"no ext":     func(s string) string { return stripMarkdownExt(s) },
		"with .md":   func(s string) string { return s + ".md" },
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
	for _, key := range append(keys, "nothing", "a/notes", "NOTES.MD", "api設計", "仕様書(案)", "メモ", "faq", "cafe", "xii notes") {
		want := Match(docs, key)
		probes := MatchProbes(key)
		var held []Doc
		for _, d := range docs {
			if holds(DocHashes(d.Path, d.Title, d.Aliases), probes) {
				held = append(held, d)
			}
		}
		got := Match(held, key)
		if (got == nil) != (want == nil) || got != nil && got.ID != want.ID {
			t.Errorf("Match(%q) over the documents holding its probes = %+v, over every document %+v", key, got, want)
		}
	}
}

// TestSuggestProbesFindOneEditAway: a name one edit from a document's
// file name or title (a letter changed, missing, added, two swapped,
// anywhere, also past MaxVariantRunes) or made of a word that names a
// document or its folder shares a hash with that document.
func TestSuggestProbesFindOneEditAway(t *testing.T) {
	long := "a-very-long-document-file-name-indeed" // longer than MaxVariantRunes
	doc := DocHashes("guides/"+long+".md", "検索エンジン", nil)
	for _, c := range []struct {
		name, key string
		want      bool
	}{
		{"first letter", "b-very-long-document-file-name-indeed", true},
		{"middle letter", "a-very-lonk-document-file-name-indeed", true},
		{"letter missing", "a-very-log-document-file-name-indeed", true},
		{"letter added", "a-very-longg-document-file-name-indeed", true},
		{"letters swapped", "a-very-lnog-document-file-name-indeed", true},
		{"past the cut", "a-very-long-document-fiel-name-indeed.md", true},
		{"in a folder", "other/a-very-long-documetn-file-name-indeed", true},
		{"title typo", "検策エンジン", true},
		{"title letter missing", "検エンジン", true},
		{"folder name as a word", "setup-guides", true},
		{"two edits", "a-vxry-lxng-document-file-name-indeed", false},
		{"unrelated", "changelog", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := holds(doc, SuggestProbes(c.key)); got != c.want {
				t.Errorf("holds(SuggestProbes(%q)) = %v, want %v", c.key, got, c.want)
			}
		})
	}
}
