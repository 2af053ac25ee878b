package main

import (
	"strings"
	"testing"
)

// TestContextAndGraphSayANameNamesSeveral: get-context and get-graph
// --center named by a title two pages share centre on the shallowest and
// say so on stderr with the other's path, as get-page does. They picked
// one without a word.
func TestContextAndGraphSayANameNamesSeveral(t *testing.T) {
	root := initProjectWith(t, map[string]string{
		"docs/designs/mcp-tools.ja.md": "---\ntitle: MCPツール仕様\n---\n\n# MCPツール仕様\n\n[[readme]]\n",
		"docs/仕様/mcp/mcp-tools.ja.md":  "---\ntitle: MCPツール仕様\n---\n\n# MCPツール仕様\n\n本文\n",
		"docs/readme.md":               "# 設計ドキュメント\n\n本文\n",
	})
	want := `ubp: "MCPツール仕様" names 2 pages; showing designs/mcp-tools.ja.md (the shallowest), also: 仕様/mcp/mcp-tools.ja.md; name one by its path`
	for _, args := range [][]string{
		{"get-page", "MCPツール仕様"},
		{"get-context", "MCPツール仕様", "--depth", "1"},
		{"get-graph", "--center", "MCPツール仕様", "--format", "mermaid"},
	} {
		code, _, stderr := runCLI(t, root, args...)
		if code != 0 || !strings.Contains(stderr, want) {
			t.Errorf("ubp %s: exit %d, stderr %q; want %q", strings.Join(args, " "), code, stderr, want)
		}
	}
	code, _, stderr := runCLI(t, root, "get-context", "designs/mcp-tools.ja.md")
	if code != 0 || strings.Contains(stderr, "names") {
		t.Errorf("get-context by path: exit %d, stderr %q; want no note", code, stderr)
	}
}
