package engine

import (
	"context"
	"slices"
	"testing"
)

// TestContextAndGraphSayANameNamesSeveral: a title two pages share (a
// Japanese spec and its copy under 仕様/, both "MCPツール仕様") centres
// get-context and get-graph on the shallowest page, as get-page shows it,
// and, as get-page does, they name the other pages (AlsoMatches). They
// picked one without a word, so an agent took the copy it was given for
// the only page of that name.
func TestContextAndGraphSayANameNamesSeveral(t *testing.T) {
	e := searchProject(t, map[string]string{
		"designs/mcp-tools.ja.md": "---\ntitle: MCPツール仕様\n---\n\n# MCPツール仕様\n\n[[readme]]\n",
		"仕様/mcp/mcp-tools.ja.md":  "---\ntitle: MCPツール仕様\n---\n\n# MCPツール仕様\n\n本文\n",
		"readme.md":               "# 設計ドキュメント\n\n本文\n",
	}, "none")
	ctx := context.Background()
	for _, c := range []struct {
		ref    string
		others []string
	}{
		{"MCPツール仕様", []string{"仕様/mcp/mcp-tools.ja.md"}},
		{"designs/mcp-tools.ja.md", nil},
	} {
		cr, err := e.GetContext(ctx, ContextOptions{Page: c.ref, Depth: 1})
		if err != nil {
			t.Fatalf("GetContext(%q): %v", c.ref, err)
		}
		if cr.Center.Filepath != "designs/mcp-tools.ja.md" || !slices.Equal(cr.Center.AlsoMatches, c.others) {
			t.Errorf("GetContext(%q) = %s, also %v; want designs/mcp-tools.ja.md, also %v", c.ref, cr.Center.Filepath, cr.Center.AlsoMatches, c.others)
		}
		if cr.TotalSize != compactJSON(t, cr) {
			t.Errorf("GetContext(%q): total_size %d, JSON is %d", c.ref, cr.TotalSize, compactJSON(t, cr))
		}
		g, err := e.GetGraph(ctx, GraphOptions{Center: c.ref, Depth: 1})
		if err != nil {
			t.Fatalf("GetGraph(%q): %v", c.ref, err)
		}
		if !slices.Equal(g.AlsoMatches, c.others) {
			t.Errorf("GetGraph(%q): also %v, want %v", c.ref, g.AlsoMatches, c.others)
		}
	}
}
