package mcpserver

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestToolArgumentErrorsOneWording: every bad argument of every tool, as
// a real client sends it (a wrong type, out of range, not of the enum, a
// bad array item, missing, unknown), is a tool error in one wording that
// names the parameter, what it must be and the value given:
// `TOOL: invalid parameter "NAME": must be WHAT, got VALUE`. The cases come
// from the tools' own input schemas (tools/list), so a parameter added later
// is covered. Until 2026-11-28 the kinds were worded apart ("missing
// required parameter", "unknown parameter ...; accepted parameters",
// `parameter "limit" must be ...`), the value sometimes left out.
func TestToolArgumentErrorsOneWording(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	tools, _ := c.request("tools/list", nil).result()["tools"].([]any)
	if len(tools) != 6 {
		t.Fatalf("%d tools listed, want 6", len(tools))
	}
	type prop struct {
		Type      string   `json:"type"`
		Enum      []string `json:"enum"`
		Minimum   *float64 `json:"minimum"`
		Maximum   *float64 `json:"maximum"`
		MinLength *int     `json:"minLength"`
		Items     *prop    `json:"items"`
	}
	type schema struct {
		Properties map[string]prop `json:"properties"`
		Required   []string        `json:"required"`
	}
	cases := 0
	for _, tl := range tools {
		tool := tl.(map[string]any)
		name := tool["name"].(string)
		raw, _ := json.Marshal(tool["inputSchema"])
		var s schema
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatal(err)
		}
		// Arguments every call carries: the required ones, valid.
		valid := map[string]any{}
		for _, r := range s.Required {
			valid[r] = "designs/database.md"
		}
		call := func(label, param string, args map[string]any, value string, want *regexp.Regexp) {
			t.Helper()
			cases++
			t.Run(name+"/"+label, func(t *testing.T) {
				m := c.callTool(name, args)
				if !m.isToolError() {
					t.Fatalf("want a tool error, got %v", m)
				}
				text := m.toolText()
				prefix := fmt.Sprintf("%s: invalid parameter %q: ", name, param)
				if !strings.HasPrefix(text, prefix) || !strings.HasSuffix(text, ", got "+value) || !want.MatchString(text) {
					t.Errorf("message\n %q\nwant %q ... %q, saying %q", text, prefix, ", got "+value, want)
				}
			})
		}
		with := func(param string, v any) map[string]any {
			args := map[string]any{}
			for k, x := range valid {
				args[k] = x
			}
			args[param] = v
			return args
		}
		must := func(what string) *regexp.Regexp {
			return regexp.MustCompile(`: must be ` + regexp.QuoteMeta(what) + `, got `)
		}
		for _, r := range s.Required {
			args := with(r, nil)
			delete(args, r)
			call("missing "+r, r, args, "nothing", regexp.MustCompile(`: must be given \(.+\), got nothing$`))
		}
		call("unknown", "bogus", with("bogus", 7), "7", regexp.MustCompile(`: not one this tool takes \(it takes .+\), got 7$`))
		names := make([]string, 0, len(s.Properties))
		for p := range s.Properties {
			names = append(names, p)
		}
		slices.Sort(names)
		for _, p := range names {
			sp := s.Properties[p]
			switch sp.Type {
			case "string":
				call(p+" not a string", p, with(p, 5), "5", regexp.MustCompile(`: must be (a string|a non-empty string|one of .+), got 5$`))
				if len(sp.Enum) > 0 {
					call(p+" not of the enum", p, with(p, "nope"), `"nope"`, must("one of "+strings.Join(sp.Enum, ", ")))
				}
			case "integer":
				call(p+" a string", p, with(p, "ten"), `"ten"`, regexp.MustCompile(`: must be an integer.*, got "ten"$`))
				call(p+" a fraction", p, with(p, 1.5), "1.5", regexp.MustCompile(`: must be an integer.*, got 1.5$`))
				if sp.Minimum != nil {
					below := int(*sp.Minimum) - 1
					call(p+" below", p, with(p, below), fmt.Sprint(below), regexp.MustCompile(fmt.Sprintf(`: must be an integer (from|of at least) %d`, int(*sp.Minimum))))
				}
				over := 1 << 40
				if sp.Maximum != nil {
					over = int(*sp.Maximum) + 1
				}
				call(p+" above", p, with(p, over), fmt.Sprint(over), regexp.MustCompile(`: must be an integer.*(to|at most) \d+, got `))
			case "boolean":
				call(p+" a string", p, with(p, "yes"), `"yes"`, must("true or false"))
			case "array":
				call(p+" a string", p, with(p, "references"), `"references"`, regexp.MustCompile(`: must be an array of strings, each one of references, .+, got "references"$`))
				call(p+" bad item", p+"[1]", with(p, []any{"references", "likes"}), `"likes"`, regexp.MustCompile(`: must be one of references, depends_on, .+, got "likes"$`))
				call(p+" item a number", p+"[0]", with(p, []any{3}), "3", regexp.MustCompile(`: must be one of references, .+, got 3$`))
			default:
				t.Errorf("%s: parameter %s of type %q has no case here", name, p, sp.Type)
			}
		}
	}
	if cases < 60 {
		t.Errorf("only %d cases", cases)
	}
}
