package mcpserver

import (
	"slices"
	"strings"
	"testing"
)

func TestSelectTools(t *testing.T) {
	all := []string{ToolSearch, ToolFulltextSearch, ToolGetPage, ToolGetContext, ToolListPages, ToolGetGraph}
	cases := []struct {
		name             string
		include, exclude []string
		want             []string
		err              string
	}{
		{"default is everything", nil, nil, all, ""},
		{"include one", []string{"search"}, nil, []string{ToolSearch, ToolFulltextSearch}, ""},
		{"include comma list, any case, spaces", []string{" Pages , GRAPH"}, nil, []string{ToolGetPage, ToolGetContext, ToolListPages, ToolGetGraph}, ""},
		{"include as separate entries", []string{"graph", "search"}, nil, []string{ToolSearch, ToolFulltextSearch, ToolGetGraph}, ""},
		{"exclude one", nil, []string{"graph"}, []string{ToolSearch, ToolFulltextSearch, ToolGetPage, ToolGetContext, ToolListPages}, ""},
		{"include then exclude", []string{"search,pages"}, []string{"search"}, []string{ToolGetPage, ToolGetContext, ToolListPages}, ""},
		{"empty entries ignored", []string{"", " , "}, []string{""}, all, ""},
		{"unknown include", []string{"resources"}, nil, nil, `unknown category "resources"; valid categories: search, pages, graph`},
		{"unknown exclude", nil, []string{"search,tools"}, nil, `exclude tool categories: unknown category "tools"`},
		{"nothing left", []string{"graph"}, []string{"graph"}, nil, "leaves no tool"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SelectTools(tc.include, tc.exclude)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
				}
				return
			}
			if err != nil || !slices.Equal(got, tc.want) {
				t.Errorf("%s: %v, %v; want %v", tc.name, got, err, tc.want)
			}
		})
	}
}

// TestCategoriesOverStdio: tools/list shows only the selected tools and
// tools/call refuses the hidden ones as unknown; flags win over the
// environment.
func TestCategoriesOverStdio(t *testing.T) {
	e := taskflow(t)
	cases := []struct {
		name     string
		opts     Options
		want     []string
		hiddenOK string // a hidden tool to call
	}{
		{"include search", Options{IncludeCategories: []string{"search"}}, []string{ToolFulltextSearch, ToolSearch}, ToolGetPage},
		{"exclude graph and search", Options{ExcludeCategories: []string{"graph", "search"}}, []string{ToolGetContext, ToolGetPage, ToolListPages}, ToolGetGraph},
		{"include graph", Options{IncludeCategories: []string{"graph"}}, []string{ToolGetGraph}, ToolSearch},
		{"include pages", Options{IncludeCategories: []string{"pages"}}, []string{ToolGetContext, ToolGetPage, ToolListPages}, ToolGetGraph},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.opts
			opts.NoLock, opts.NoWatch = true, true
			c := startStdio(t, e, opts)
			init := c.initialize()
			names, tools := listTools(t, c)
			if !slices.Equal(names, tc.want) {
				t.Errorf("tools/list = %v, want %v", names, tc.want)
			}
			// Neither the instructions nor any description names a hidden tool.
			texts := map[string]string{"instructions": init.result()["instructions"].(string)}
			for _, n := range names {
				texts[n+" description"] = tools[n]["description"].(string)
			}
			for where, text := range texts {
				for _, d := range toolDecls {
					if !slices.Contains(names, d.Name) && strings.Contains(text, d.Name) {
						t.Errorf("%s names hidden tool %s: %q", where, d.Name, text)
					}
				}
			}
			m := c.callTool(tc.hiddenOK, map[string]any{"query": "x", "filepath": "README.md"})
			if !m.isToolError() || !strings.Contains(m.toolText(), `tool "`+tc.hiddenOK+`" is disabled by this server's configuration`) {
				t.Errorf("calling hidden %s: %v", tc.hiddenOK, m)
			}
			if u := c.callTool("ubp_write_page", map[string]any{}); !strings.Contains(u.toolText(), `unknown tool "ubp_write_page"`) {
				t.Errorf("calling a tool ubp does not have: %v", u)
			}
			for _, n := range tc.want {
				if !strings.Contains(m.toolText(), n) {
					t.Errorf("unknown-tool message %q does not list visible tool %s", m.toolText(), n)
				}
			}
		})
	}
}
