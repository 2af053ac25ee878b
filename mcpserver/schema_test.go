package mcpserver

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ubp-dev/ubp/engine"
)

var update = flag.Bool("update", false, "rewrite the schema snapshots in testdata/schemas")

// TestSchemaSnapshots compares every tool's input and output schema, as
// tools/list sends them, with testdata/schemas/<tool>.{input,output}.json,
// and its description with <tool>.description.txt. A change to a tool
// parameter, to an engine answer type or to what a tool says it returns
// fails here until the snapshot is updated with -update (and the change is
// deliberate); TestDescriptionsNameTheirFields checks that the words name
// fields the tool has.
func TestSchemaSnapshots(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	names, tools := listTools(t, c)
	dir := filepath.Join("testdata", "schemas")
	var err error
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range names {
		for kind, key := range map[string]string{"input.json": "inputSchema", "output.json": "outputSchema", "description.txt": "description"} {
			var got []byte
			if d, ok := tools[name][key].(string); ok {
				got = []byte(d)
			} else if got, err = json.MarshalIndent(tools[name][key], "", "  "); err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join(dir, name+"."+kind)
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%s: %v (run go test -tags sqlite_fts5 ./mcpserver -run TestSchemaSnapshots -update)", name, err)
				continue
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s %s differs from %s; if the change is deliberate, rerun with -update.\ngot:\n%s", name, kind, path, got)
			}
		}
	}
}

// TestOutputsHaveNoNullArrays: answers carry [] where the engine has no
// items, as the tightened output schemas require.
func TestOutputsHaveNoNullArrays(t *testing.T) {
	page := engine.Page{Outlinks: []engine.PageLink{{Target: "x"}}}
	fillNilSlices(&page)
	data, _ := json.Marshal(page)
	var m map[string]any
	json.Unmarshal(data, &m)
	for _, k := range []string{"sections", "backlinks", "source_refs", "stale_refs"} {
		if v, ok := m[k].([]any); !ok || len(v) != 0 {
			t.Errorf("%s = %#v, want []", k, m[k])
		}
	}
	if len(page.Outlinks) != 1 || page.Outlinks[0].Target != "x" {
		t.Errorf("existing items changed: %+v", page.Outlinks)
	}
	res := engine.SearchResult{Results: []engine.SearchHit{{}}}
	fillNilSlices(&res)
	if res.Results[0].Sections == nil || !reflect.DeepEqual(res.Results[0].Sections, []engine.SectionMatch{}) {
		t.Errorf("nested nil slice not filled: %#v", res.Results[0].Sections)
	}
}

// TestSchemasUseSingleTypes: no schema that tools/list sends has a type
// array (["null","object"] and the like), which clients mapping schemas onto
// a single-type dialect reject (the Inspector's --strict check flags it).
func TestSchemasUseSingleTypes(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	names, tools := listTools(t, c)
	var walk func(tool, path string, v any)
	walk = func(tool, path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			if ty, ok := v["type"].([]any); ok {
				t.Errorf("%s: %s has type %v; use one type (anyOf for nullable, plain for optional)", tool, path, ty)
			}
			for k, sub := range v {
				walk(tool, path+"."+k, sub)
			}
		case []any:
			for i, sub := range v {
				walk(tool, fmt.Sprintf("%s[%d]", path, i), sub)
			}
		}
	}
	for _, name := range names {
		walk(name, "inputSchema", tools[name]["inputSchema"])
		walk(name, "outputSchema", tools[name]["outputSchema"])
	}
}
