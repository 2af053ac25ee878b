package main

import (
	"encoding/json"
	"testing"
)

// TestSearchFusionFromConfig: `ubp search` without --fusion fuses as
// search.fusion in .ubp/config.json says, as the MCP tool does; --fusion
// overrides it. The flag's default was "weighted", so a project set to
// "rrf" was searched with weighted fusion unless every command said
// --fusion rrf.
func TestSearchFusionFromConfig(t *testing.T) {
	root := taskflowProject(t)
	setSearchFusion(t, root, "rrf")
	const query = "how are tasks assigned to workers"
	ranking := func(args ...string) string {
		t.Helper()
		var res struct {
			Results []struct {
				Filepath string  `json:"filepath"`
				Score    float64 `json:"score"`
			} `json:"results"`
		}
		out := mustCLI(t, root, append([]string{"search", query, "--json"}, args...)...)
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("search %v: %v\n%s", args, err, out)
		}
		b, _ := json.Marshal(res.Results)
		return string(b)
	}
	rrf, weighted, configured := ranking("--fusion", "rrf"), ranking("--fusion", "weighted"), ranking()
	if rrf == weighted {
		t.Fatalf("the two fusions rank %q alike (%s): choose a query that tells them apart", query, rrf)
	}
	if configured != rrf {
		t.Errorf("search.fusion rrf, no --fusion: %s\nwant the rrf ranking %s\n(weighted: %s)", configured, rrf, weighted)
	}
}

// setSearchFusion sets search.fusion in the project's .ubp/config.json.
func setSearchFusion(t *testing.T, dir, fusion string) {
	t.Helper()
	setConfigValue(t, dir, "search", "fusion", fusion)
}
