package mcpserver

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// notFields are the snake_case names a description may use for what is
// not a field of the tool: the frontmatter key the documents declare, and
// the name every other tool gives a document's id (ubp_get_graph's nodes
// call it id).
var notFields = map[string]bool{"source_refs": true, "doc_id": true}

// fieldName is a snake_case name as the descriptions write parameters and
// fields: start_line, total_found.
var fieldName = regexp.MustCompile(`\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b`)

// TestDescriptionsNameTheirFields: what tools/list says of a tool (its
// description, and those of its parameters and answer fields) names only
// what the tool has: every snake_case name is one of its parameters,
// fields or enum values, a tool, or one of those of a tool the sentence
// names ("pass it as start_column to ubp_get_page"); and no other tool's field stands
// there in words for one it lacks ("start line" in ubp_fulltext_search,
// whose hits have line, not start_line). Together with the snapshots
// (TestSchemaSnapshots), a field renamed or dropped fails here until the
// words that name it follow.
func TestDescriptionsNameTheirFields(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	names, tools := listTools(t, c)
	own := map[string]map[string]bool{} // tool → its parameters, fields and enum values
	texts := map[string][]string{}      // tool → every description it sends
	every := map[string]bool{}          // the fields of every tool
	for _, name := range names {
		own[name] = map[string]bool{}
		texts[name] = []string{tools[name]["description"].(string)}
		for _, key := range []string{"inputSchema", "outputSchema"} {
			walkSchema(tools[name][key], func(prop string, desc string, enum []any) {
				if prop != "" {
					own[name][prop] = true
					every[prop] = true
				}
				if desc != "" {
					texts[name] = append(texts[name], desc)
				}
				for _, v := range enum {
					if s, ok := v.(string); ok {
						own[name][s] = true
					}
				}
			})
		}
	}
	// ofNamed reports whether f is a parameter or field of a tool that text
	// names: "pass it as start_column to ubp_get_page".
	ofNamed := func(text, f string) bool {
		for _, other := range names {
			if strings.Contains(text, other) && own[other][f] {
				return true
			}
		}
		return false
	}
	for _, name := range names {
		for _, text := range texts[name] {
			for _, f := range fieldName.FindAllString(text, -1) {
				if !own[name][f] && !slices.Contains(names, f) && !notFields[f] && !ofNamed(text, f) {
					t.Errorf("%s names %s, which it does not have: %q", name, f, text)
				}
			}
			for f := range every {
				words := strings.ReplaceAll(f, "_", " ")
				if words != f && !own[name][f] && regexp.MustCompile(`\b`+words+`\b`).MatchString(text) {
					t.Errorf("%s says %q, a field (%s) it does not have: %q", name, words, f, text)
				}
			}
		}
	}
}

// walkSchema calls fn on every property of a JSON schema as tools/list
// sends it (its name, description and enum values), and on the schema
// itself with no name, following items, anyOf branches and $defs.
func walkSchema(s any, fn func(prop, desc string, enum []any)) {
	var walk func(name string, v any)
	walk = func(name string, v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		desc, _ := m["description"].(string)
		enum, _ := m["enum"].([]any)
		fn(name, desc, enum)
		if props, ok := m["properties"].(map[string]any); ok {
			for k, p := range props {
				walk(k, p)
			}
		}
		walk("", m["items"])
		if branches, ok := m["anyOf"].([]any); ok {
			for _, b := range branches {
				walk("", b)
			}
		}
		if defs, ok := m["$defs"].(map[string]any); ok {
			for _, d := range defs {
				walk("", d)
			}
		}
	}
	walk("", s)
}
