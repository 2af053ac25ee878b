package mcpserver

import (
	"slices"
	"testing"
)

// TestLinkTypesThroughTheServer: link_types of ubp_get_context and
// ubp_get_graph reach the engine through a real server over stdio: only
// links of those types are followed (both directions) and listed, and the
// answers still match their output schemas. In taskflow-docs,
// designs/database.md depends on designs/architecture.md (which depends on
// it too) and specs/search-and-filtering.md depends on it; its other links
// are references.
func TestLinkTypesThroughTheServer(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	_, tools := listTools(t, c)
	call := func(t *testing.T, tool string, args map[string]any) map[string]any {
		t.Helper()
		m := c.callTool(tool, args)
		if m.result() == nil || m.isToolError() {
			t.Fatalf("call failed: %v", m)
		}
		sc, ok := m.result()["structuredContent"].(map[string]any)
		if !ok {
			t.Fatalf("no structuredContent object: %v", m.result())
		}
		if err := resolveSchema(t, tools[tool]["outputSchema"]).Validate(sc); err != nil {
			t.Errorf("structuredContent does not match the outputSchema: %v", err)
		}
		return sc
	}
	dependsOn := []string{"depends_on"}

	t.Run(ToolGetContext, func(t *testing.T) {
		out := call(t, ToolGetContext, map[string]any{"filepath": "designs/database.md", "depth": 1, "link_types": dependsOn})
		related := out["related"].([]any)
		got := filepaths(related)
		slices.Sort(got)
		if want := []string{"designs/architecture.md", "specs/search-and-filtering.md"}; !slices.Equal(got, want) {
			t.Errorf("related %v, want %v", got, want)
		}
		for _, r := range related {
			if lt := r.(map[string]any)["link_type"]; lt != "depends_on" {
				t.Errorf("related link_type %v, want depends_on only", lt)
			}
		}
		if c := out["center"].(map[string]any); c["filepath"] != "designs/database.md" {
			t.Errorf("center %v", c["filepath"])
		}
	})
	for _, tc := range []struct {
		name      string
		args      map[string]any
		wantNodes []string // nil: at least 15 (every document)
	}{
		{"centre", map[string]any{"center": "designs/database.md", "depth": 1, "link_types": dependsOn},
			[]string{"designs/architecture.md", "designs/database.md", "specs/search-and-filtering.md"}},
		{"centre alone", map[string]any{"center": "designs/database.md", "depth": 5, "link_types": []string{"extends"}},
			[]string{"designs/database.md"}},
		{"whole graph", map[string]any{"link_types": dependsOn}, nil},
	} {
		t.Run(ToolGetGraph+" "+tc.name, func(t *testing.T) {
			out := call(t, ToolGetGraph, tc.args)
			nodes := filepaths(out["nodes"].([]any))
			slices.Sort(nodes)
			if tc.wantNodes != nil && !slices.Equal(nodes, tc.wantNodes) {
				t.Errorf("nodes %v, want %v", nodes, tc.wantNodes)
			}
			if tc.wantNodes == nil && len(nodes) < 15 {
				t.Errorf("whole graph has %d nodes, want every document", len(nodes))
			}
			edges := out["edges"].([]any)
			if tc.wantNodes == nil || len(tc.wantNodes) > 1 {
				if len(edges) == 0 {
					t.Error("no edges")
				}
			}
			for _, e := range edges {
				if typ := e.(map[string]any)["type"]; tc.args["link_types"] != nil && !slices.Contains(tc.args["link_types"].([]string), typ.(string)) {
					t.Errorf("edge of type %v, want %v only: %v", typ, tc.args["link_types"], e)
				}
			}
		})
	}
}
