package engine

import (
	"context"
	"strings"
	"testing"
)

// TestNeighbourSummaryReadsLikeThePage: a neighbour's summary (get-context,
// search --include-linked) is the page's text as a reader sees it. A
// translated page keeping its English original in HTML comments before
// each paragraph, as the Japanese Rust book does, was summarised by its
// heading and the hidden English ("# 所有権とは？ <!-- ## What Is
// Ownership? --> <!-- Rust’s central feature…"), not by its Japanese prose,
// and a bilingual page by its language switch and heading ("[English](…)
// # 設計ドキュメント UBPの…").
func TestNeighbourSummaryReadsLikeThePage(t *testing.T) {
	files := map[string]string{
		"traits.md": "# トレイト\n\n[所有権](ownership.md)を参照。\n",
		"ownership.md": "# 所有権とは？\n\n<!--\n## What Is Ownership?\n-->\n\n" +
			"<!--\nRust’s central feature is *ownership*.\n-->\n\n" +
			"Rustの中心的な機能は、*所有権*です。\n\n" +
			"<!-- All programs have to manage the way they use a computer’s memory. -->\n" +
			"全てのプログラムは、実行中にコンピュータのメモリの使用方法を管理する必要があります。\n\n" +
			"```html\n<!-- a comment in code is code -->\n```\n",
		"fenced.md": "# 例\n\n```\n<!-- code -->\n```\n\n[トレイト](traits.md)\n",
		// A bilingual design page opens with its language switch.
		"readme.ja.md": "[English](./readme.md) | [中文](./readme.zh.md)\n\n# 設計ドキュメント\n\n" +
			"UBPの技術設計ドキュメント。詳しくは[トレイト](traits.md)を参照。\n",
	}
	e := searchProject(t, files, "none")
	ctx := context.Background()
	res, err := e.GetContext(ctx, ContextOptions{Page: "traits.md", Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range res.Related {
		got[r.Filepath] = r.Summary
	}
	tests := []struct {
		page, want string
	}{
		{"ownership.md", "Rustの中心的な機能は、*所有権*です。 全てのプログラムは、実行中にコンピュータのメモリの使用方法を管理する必要があります。 ```html <!-- a comment in code is code --> ```"},
		// Code before the first prose is left out, as the snippets do.
		{"fenced.md", "[トレイト](traits.md)"},
		{"readme.ja.md", "UBPの技術設計ドキュメント。詳しくは[トレイト](traits.md)を参照。"},
	}
	for _, tt := range tests {
		want := strings.Join(strings.Fields(tt.want), " ")
		if got[tt.page] != want {
			t.Errorf("summary of %s = %q, want %q", tt.page, got[tt.page], want)
		}
	}
}
