package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// crossLingualDocs: an English-only design that a Japanese question should
// find, a Japanese page about something else, and an English page using
// "old" only inside other words.
var crossLingualDocs = map[string]string{
	"designs/firmware.md": "---\ntitle: Firmware Rollout\n---\n\n# Firmware Rollout\n\n" +
		"Firmware images are delivered to devices in stages: a canary group first, then everyone.\n",
	"designs/staleness.md": "---\ntitle: Staleness\n---\n\n# Staleness\n\n" +
		"A document is stale when a file it references changed after its last review.\n",
	"designs/thresholds.md": "---\ntitle: Thresholds\n---\n\n# Thresholds\n\n" +
		"The threshold holds the alert until it fires. Placeholders are bolded.\n",
	"guides/dashboard.ja.md": "---\ntitle: ダッシュボード\n---\n\n# ダッシュボード\n\n" +
		"利用者はグラフを並べて保存できる。\n",
	"designs/vectors.md": "---\ntitle: Vectors\n---\n\n# Vectors\n\n" +
		"Each section gets an embedding from the static model.\n",
	"designs/sessions.md": "---\ntitle: Sessions\n---\n\n# Sessions\n\n" +
		"A refresh token is an opaque string; the server rotates it on every use.\n",
	"adrs/login.md": "---\ntitle: Login\n---\n\n# Login\n\n" +
		"The login page posts the password over TLS. Pages refresh every minute.\n",
}

func TestFulltextCrossLingual(t *testing.T) {
	e := searchProject(t, crossLingualDocs, "none")
	ctx := context.Background()
	search := func(q string) []string {
		t.Helper()
		res, err := e.FulltextSearch(ctx, FulltextOptions{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		return ftPaths(res)
	}

	// 古い glosses "old" and "stale": the English staleness page is found,
	// the page with "threshold" and "Placeholders" is not.
	got := search("古くなった文書")
	if len(got) == 0 || got[0] != "designs/staleness.md" {
		t.Errorf("古くなった文書 → %v, want designs/staleness.md first", got)
	}
	if slices.Contains(got, "designs/thresholds.md") {
		t.Errorf("古くなった文書 → %v: \"old\" matched inside another word", got)
	}
	// 埋め込み is one word (embedding), not 埋め (filling) and 込み.
	if got = search("埋め込み"); !slices.Contains(got, "designs/vectors.md") {
		t.Errorf("埋め込み → %v, want designs/vectors.md", got)
	}
	// A katakana compound the glossary lacks is split into its words:
	// リフレッシュトークン looks for "refresh" and "token", so the page
	// saying both comes before the one saying "refresh" only.
	got = search("リフレッシュトークン")
	if len(got) == 0 || got[0] != "designs/sessions.md" {
		t.Errorf("リフレッシュトークン → %v, want designs/sessions.md first", got)
	}
	got = search("ファームウェアの配信")
	if len(got) == 0 || got[0] != "designs/firmware.md" {
		t.Errorf("ファームウェアの配信 → %v, want designs/firmware.md first", got)
	}
	res, err := e.FulltextSearch(ctx, FulltextOptions{Query: "ファームウェアの配信"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Results[0].Snippet, "⟦Firmware⟧") {
		t.Errorf("snippet %q does not mark the gloss", res.Results[0].Snippet)
	}

	// With search.translate "off" the Japanese question finds no English page.
	e.Project().Config.Search.Translate = "off"
	for _, q := range []string{"古くなった文書", "ファームウェアの配信"} {
		t.Run("translate off: "+q, func(t *testing.T) {
			for _, p := range search(q) {
				if !strings.HasSuffix(p, ".ja.md") {
					t.Errorf("translate off: %s found %s", q, p)
				}
			}
		})
	}
}

func TestFulltextStemming(t *testing.T) {
	e := searchProject(t, crossLingualDocs, "none")
	tests := []struct{ query, want string }{
		{"staleness", "designs/staleness.md"},       // the page says "stale"
		{"references", "designs/staleness.md"},      // "references" → "referenc"
		{"deliveries stage", "designs/firmware.md"}, // "delivered", "stages"
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res, err := e.FulltextSearch(context.Background(), FulltextOptions{Query: tt.query})
			if err != nil {
				t.Fatal(err)
			}
			if got := ftPaths(res); len(got) == 0 || got[0] != tt.want {
				t.Errorf("%q → %v, want %s first", tt.query, got, tt.want)
			}
		})
	}
}

// TestGlossNoRarerThanTheWord: a Japanese word common in the corpus does not
// make its English gloss, rare there, outrank every page that holds the word
// as written: a gloss weighs at most as the word does (its IDF is capped by
// the word's). Seven pages say 実装; one English page says "installation",
// a later sense of 実装, three times.
func TestGlossNoRarerThanTheWord(t *testing.T) {
	docs := map[string]string{
		"setup.md": "---\ntitle: Setup\n---\n# Setup\n\nInstallation steps. After installation, check the installation log.\n",
	}
	for i := 1; i <= 7; i++ {
		docs[fmt.Sprintf("f%d.md", i)] = fmt.Sprintf("---\ntitle: 機能%d\n---\n# 機能%d\n\n機能%dの実装方針。\n", i, i, i)
	}
	for _, provider := range []string{"none", "static"} {
		e := searchProject(t, docs, provider)
		if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "実装"})); len(got) == 0 || got[0] == "setup.md" {
			t.Errorf("%s: 実装 --fulltext → %v, want a page holding 実装 first", provider, got)
		}
		if res := mustSearch(t, e, SearchOptions{Query: "実装"}); len(res.Results) == 0 || res.Results[0].Filepath == "setup.md" {
			t.Errorf("%s: 実装 → %+v, want a page holding 実装 first", provider, res.Results)
		}
	}
}
