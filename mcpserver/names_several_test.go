package mcpserver

import (
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestContextAndGraphNameTheOtherPages: over stdio, ubp_get_context and
// ubp_get_graph named by a title two pages share centre on the shallowest
// page and say which other pages the name names (also_matches, and in the
// text), as ubp_get_page does. They picked one without a word.
func TestContextAndGraphNameTheOtherPages(t *testing.T) {
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/designs/mcp-tools.ja.md": "---\ntitle: MCPツール仕様\n---\n\n# MCPツール仕様\n\n[[readme]]\n",
		"docs/仕様/mcp/mcp-tools.ja.md":  "---\ntitle: MCPツール仕様\n---\n\n# MCPツール仕様\n\n本文\n",
		"docs/readme.md":               "# 設計ドキュメント\n\n本文\n",
	})
	c := startStdio(t, openIndexed(t, root, "docs"), quiet)
	c.initialize()
	for _, call := range []struct {
		tool string
		args map[string]any
		also func(map[string]any) any
	}{
		{ToolGetContext, map[string]any{"filepath": "MCPツール仕様", "depth": 1},
			func(sc map[string]any) any { center, _ := sc["center"].(map[string]any); return center["also_matches"] }},
		{ToolGetGraph, map[string]any{"center": "MCPツール仕様", "depth": 1},
			func(sc map[string]any) any { return sc["also_matches"] }},
	} {
		res := c.callTool(call.tool, call.args)
		sc, _ := res.result()["structuredContent"].(map[string]any)
		also, _ := call.also(sc).([]any)
		if len(also) != 1 || also[0] != "仕様/mcp/mcp-tools.ja.md" {
			t.Errorf("%s: also_matches %v, want [仕様/mcp/mcp-tools.ja.md]", call.tool, call.also(sc))
		}
		if text := res.toolText(); !strings.Contains(text, "仕様/mcp/mcp-tools.ja.md") {
			t.Errorf("%s: summary %q does not name the other page", call.tool, text)
		}
	}
}
