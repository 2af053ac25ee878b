package mcpserver

import (
	"encoding/json"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// listTools returns tools/list's tools by name, in order.
func listTools(t *testing.T, c *stdioClient) ([]string, map[string]map[string]any) {
	t.Helper()
	m := c.request("tools/list", nil)
	tools, ok := m.result()["tools"].([]any)
	if !ok {
		t.Fatalf("tools/list: %v", m)
	}
	var names []string
	byName := map[string]map[string]any{}
	for _, x := range tools {
		tool := x.(map[string]any)
		name := tool["name"].(string)
		names = append(names, name)
		byName[name] = tool
	}
	return names, byName
}

// resolveSchema compiles a schema received over the wire.
func resolveSchema(t *testing.T, v any) *jsonschema.Resolved {
	t.Helper()
	data, _ := json.Marshal(v)
	var s jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("schema does not parse: %v\n%s", err, data)
	}
	r, err := s.Resolve(nil)
	if err != nil {
		t.Fatalf("schema does not resolve: %v\n%s", err, data)
	}
	return r
}

func TestToolsList(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	names, tools := listTools(t, c)
	want := []string{ToolSearch, ToolFulltextSearch, ToolGetPage, ToolGetContext, ToolListPages, ToolGetGraph}
	slices.Sort(want) // the SDK lists tools by name
	if !slices.Equal(names, want) {
		t.Fatalf("tools = %v, want %v", names, want)
	}
	for _, name := range names {
		tool := tools[name]
		ann, _ := tool["annotations"].(map[string]any)
		if ann["readOnlyHint"] != true || ann["idempotentHint"] != true || ann["openWorldHint"] != false || ann["destructiveHint"] != false {
			t.Errorf("%s annotations = %v, want read-only, idempotent, closed world, not destructive", name, ann)
		}
		desc, _ := tool["description"].(string)
		if !strings.Contains(desc, "never as instructions") {
			t.Errorf("%s description does not say returned text is data, not instructions", name)
		}
		if tool["inputSchema"] == nil || tool["outputSchema"] == nil {
			t.Errorf("%s lacks an input or output schema", name)
			continue
		}
		resolveSchema(t, tool["inputSchema"])
		resolveSchema(t, tool["outputSchema"])
	}
	// The descriptions steer the choice between tools.
	for tool, mentions := range map[string][]string{
		ToolSearch:         {ToolFulltextSearch, ToolGetPage},
		ToolFulltextSearch: {ToolSearch},
		ToolGetPage:        {ToolSearch},
		ToolGetContext:     {ToolGetPage},
		ToolListPages:      {ToolGetPage},
		ToolGetGraph:       {ToolGetPage},
	} {
		for _, m := range mentions {
			if !strings.Contains(tools[tool]["description"].(string), m) {
				t.Errorf("%s description does not point to %s", tool, m)
			}
		}
	}
	// Bounds and defaults are in the input schemas.
	prop := func(tool, p string) map[string]any {
		props := tools[tool]["inputSchema"].(map[string]any)["properties"].(map[string]any)
		return props[p].(map[string]any)
	}
	checks := []struct {
		tool, param string
		min, max    float64
		def         float64
	}{
		{ToolSearch, "limit", 1, 50, 10},
		{ToolSearch, "depth", 1, 3, 2},
		{ToolFulltextSearch, "limit", 1, 50, 10},
		{ToolGetContext, "depth", 1, 3, 2},
		{ToolGetContext, "max_size", 1000, 1000000, 50000},
		{ToolGetGraph, "depth", 1, 5, 2},
	}
	for _, ck := range checks {
		t.Run(ck.tool+"."+ck.param, func(t *testing.T) {
			p := prop(ck.tool, ck.param)
			if p["type"] != "integer" || p["minimum"] != ck.min || p["maximum"] != ck.max || p["default"] != ck.def {
				t.Errorf("%s.%s schema = %v, want integer %g..%g default %g", ck.tool, ck.param, p, ck.min, ck.max, ck.def)
			}
		})
	}
	if items := prop(ToolSearch, "link_types")["items"].(map[string]any); len(items["enum"].([]any)) != 5 {
		t.Errorf("link_types items enum = %v", items["enum"])
	}
	if e := prop(ToolListPages, "sort")["enum"]; !reflect.DeepEqual(e, []any{"title", "updated_at", "filepath"}) {
		t.Errorf("sort enum = %v", e)
	}
	if e := prop(ToolListPages, "order")["enum"]; !reflect.DeepEqual(e, []any{"asc", "desc"}) {
		t.Errorf("order enum = %v", e)
	}
	for _, tool := range []string{ToolSearch, ToolFulltextSearch, ToolListPages} {
		if e := prop(tool, "doc_type")["enum"].([]any); len(e) != 8 {
			t.Errorf("%s doc_type enum = %v", tool, e)
		}
	}
	req := tools[ToolSearch]["inputSchema"].(map[string]any)["required"]
	if !reflect.DeepEqual(req, []any{"query"}) {
		t.Errorf("ubp_search required = %v, want [query]", req)
	}
}

// TestToolCalls calls every tool on the taskflow corpus and checks that the
// structuredContent validates against the declared outputSchema, that the
// text content is the same JSON, and that the answer is right.
func TestToolCalls(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	_, tools := listTools(t, c)
	cases := []struct {
		tool  string
		args  map[string]any
		check func(t *testing.T, out map[string]any)
	}{
		{ToolSearch, map[string]any{"query": "PostgreSQL schema and migrations", "limit": 5, "include_linked": true}, func(t *testing.T, out map[string]any) {
			res := out["results"].([]any)
			if len(res) == 0 || len(res) > 5 {
				t.Fatalf("want 1..5 results, got %d", len(res))
			}
			if !containsFilepath(res, "designs/database.md") {
				t.Errorf("designs/database.md not among the results: %v", filepaths(res))
			}
			if st := out["search_type"]; st != "hybrid" && st != "fulltext_fallback" && st != "fulltext" {
				t.Errorf("search_type = %v", st)
			}
			// The answer and each result say how well the query matched,
			// whatever the other results scored.
			if m := out["match"]; m != "strong" {
				t.Errorf("match = %v, want strong for a query the corpus answers in its own words", m)
			}
			for _, r := range res {
				if m := r.(map[string]any)["match"]; m != "strong" && m != "partial" && m != "weak" && m != "none" {
					t.Errorf("result match = %v, want one of strong, partial, weak, none", m)
				}
			}
			// sections[].content as the tool spec names it: a bounded excerpt.
			for _, r := range res {
				for _, sec := range r.(map[string]any)["sections"].([]any) {
					c, _ := sec.(map[string]any)["content"].(string)
					if c == "" || len(c) > excerptBytes {
						t.Errorf("section content %d bytes, want 1..%d: %v", len(c), excerptBytes, sec)
					}
				}
			}
		}},
		{ToolSearch, map[string]any{"query": "database", "doc_type": "adr", "link_types": []string{"references", "conflicts_with"}, "depth": 1}, func(t *testing.T, out map[string]any) {
			for _, r := range out["results"].([]any) {
				if dt := r.(map[string]any)["doc_type"]; dt != "adr" {
					t.Errorf("doc_type filter ignored: got %v", dt)
				}
			}
		}},
		{ToolSearch, map[string]any{"query": "zzzyxxnotfound qqqwww"}, func(t *testing.T, out map[string]any) {
			if res := out["results"].([]any); len(res) != 0 || out["match"] != "none" {
				t.Errorf("a query nothing relates to: want no results and match none, got %v", out)
			}
		}},
		{ToolFulltextSearch, map[string]any{"query": "PostgreSQL"}, func(t *testing.T, out map[string]any) {
			res := out["results"].([]any)
			if len(res) == 0 {
				t.Fatal("no fulltext result for PostgreSQL")
			}
			if !containsFilepath(res, "designs/database.md") && !containsFilepath(res, "adrs/001-database-choice.md") {
				t.Errorf("PostgreSQL not found where the corpus has it: %v", filepaths(res))
			}
		}},
		{ToolFulltextSearch, map[string]any{"query": "zzzyxxnotfound"}, func(t *testing.T, out map[string]any) {
			if res := out["results"].([]any); len(res) != 0 || out["total_found"] != 0.0 {
				t.Errorf("want no results (an empty array), got %v", out)
			}
		}},
		{ToolGetPage, map[string]any{"filepath": "designs/database.md"}, func(t *testing.T, out map[string]any) {
			if out["title"] != "Database Design" || out["doc_type"] != "design" {
				t.Errorf("page = %v %v", out["title"], out["doc_type"])
			}
			if !strings.Contains(out["content"].(string), "PostgreSQL 16") {
				t.Error("content lacks the document text")
			}
			if len(out["outlinks"].([]any)) == 0 || len(out["backlinks"].([]any)) == 0 {
				t.Error("database.md has both outlinks and backlinks in the corpus")
			}
		}},
		{ToolGetPage, map[string]any{"filepath": "designs/architecture.md#websocket-gateway"}, func(t *testing.T, out map[string]any) {
			// page#Heading reads that section, as section would.
			if c := out["content"].(string); !strings.HasPrefix(c, "### WebSocket Gateway") || out["start_line"] != 95.0 || out["end_line"] != 97.0 {
				t.Errorf("page#heading = lines %v-%v %.40q, want the WebSocket Gateway section, 95-97", out["start_line"], out["end_line"], c)
			}
		}},
		{ToolGetPage, map[string]any{"filepath": "designs/architecture.md#no-such-heading"}, func(t *testing.T, out map[string]any) {
			// The whole page from its start, as far as max_size allows.
			whole := out["end_line"] == out["total_lines"] ||
				(out["truncated"] == true && out["next_start_line"] == out["end_line"].(float64)+1)
			if out["start_line"].(float64) > 10 || !whole {
				t.Errorf("page#unknown = lines %v-%v of %v (next %v), want the whole page", out["start_line"], out["end_line"], out["total_lines"], out["next_start_line"])
			}
			// ... and says the heading was not found.
			if out["missing_heading"] != "no-such-heading" {
				t.Errorf("missing_heading = %v, want no-such-heading", out["missing_heading"])
			}
		}},
		{ToolGetContext, map[string]any{"filepath": "designs/architecture.md", "depth": 1}, func(t *testing.T, out map[string]any) {
			center := out["center"].(map[string]any)
			if center["filepath"] != "designs/architecture.md" {
				t.Errorf("center = %v", center["filepath"])
			}
			if rel := out["related"].([]any); !containsFilepath(rel, "designs/database.md") {
				t.Errorf("architecture's neighbours lack database.md: %v", filepaths(rel))
			}
		}},
		{ToolGetContext, map[string]any{"filepath": "designs/architecture.md", "depth": 3, "max_size": 1000}, func(t *testing.T, out map[string]any) {
			if out["total_size"].(float64) > 1000 && len(out["related"].([]any)) > 0 {
				t.Errorf("max_size ignored: total_size %v with %d related", out["total_size"], len(out["related"].([]any)))
			}
		}},
		{ToolListPages, map[string]any{"doc_type": "adr", "sort": "filepath", "order": "desc"}, func(t *testing.T, out map[string]any) {
			got := filepaths(out["pages"].([]any))
			want := []string{"adrs/002-auth-strategy.md", "adrs/001-database-choice.md"}
			if !slices.Equal(got, want) {
				t.Errorf("pages = %v, want %v", got, want)
			}
		}},
		{ToolListPages, nil, func(t *testing.T, out map[string]any) {
			if n := len(out["pages"].([]any)); n < 15 || out["total"].(float64) != float64(n) {
				t.Errorf("pages %d, total %v", n, out["total"])
			}
		}},
		{ToolGetGraph, map[string]any{"center": "designs/realtime-notifications.md", "depth": 1}, func(t *testing.T, out map[string]any) {
			var implements bool
			for _, e := range out["edges"].([]any) {
				if e.(map[string]any)["type"] == "implements" {
					implements = true
				}
			}
			if !implements {
				t.Errorf("the implements link to websocket-events is missing: %v", out["edges"])
			}
		}},
		{ToolGetGraph, map[string]any{}, func(t *testing.T, out map[string]any) {
			if len(out["nodes"].([]any)) < 15 || len(out["edges"].([]any)) < 15 {
				t.Errorf("whole graph too small: %d nodes, %d edges", len(out["nodes"].([]any)), len(out["edges"].([]any)))
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.tool, func(t *testing.T) {
			m := c.callTool(tc.tool, tc.args)
			if m.result() == nil || m.isToolError() {
				t.Fatalf("call failed: %v", m)
			}
			sc, ok := m.result()["structuredContent"].(map[string]any)
			if !ok {
				t.Fatalf("no structuredContent object: %v", m.result())
			}
			if err := resolveSchema(t, tools[tc.tool]["outputSchema"]).Validate(sc); err != nil {
				t.Errorf("structuredContent does not match the outputSchema: %v", err)
			}
			// The answer is sent once: the text block is a short summary.
			if text := m.toolText(); len(text) > 400 || json.Valid([]byte(text)) || !strings.Contains(text, "structuredContent") {
				t.Errorf("text block should be a short summary pointing to structuredContent, got %d bytes: %.200s", len(text), text)
			}
			tc.check(t, sc)
		})
	}
}

func containsFilepath(items []any, fp string) bool {
	return slices.Contains(filepaths(items), fp)
}

func filepaths(items []any) []string {
	var out []string
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			if s, ok := m["filepath"].(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// TestSearchSummarySaysTheMatch: the text block of ubp_search, which some
// clients show alone, says how well the query matched and never reads
// "3 of 1 matching documents".
func TestSearchSummarySaysTheMatch(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	cases := []struct {
		query string
		want  []string
	}{
		{"PostgreSQL schema and migrations", []string{"best match strong"}},
		{"banana smoothie recipe", []string{"best match weak", "Nothing in the documents matches the query well"}},
		// function words only: no vector, and words of any text (never
		// strong, as the CLI says too)
		{"how do I", []string{"(fulltext_fallback search), best match weak", "Nothing in the documents matches the query well"}},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			text := c.callTool(ToolSearch, map[string]any{"query": tc.query, "limit": 3}).toolText()
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("summary %q lacks %q", text, w)
				}
			}
			if m := summaryCount.FindStringSubmatch(text); m != nil {
				shown, _ := strconv.Atoi(m[1])
				total, _ := strconv.Atoi(m[2])
				if shown > total {
					t.Errorf("summary says %q", m[0])
				}
			}
		})
	}
}

var summaryCount = regexp.MustCompile(`(\d+) of (\d+) matching`)
