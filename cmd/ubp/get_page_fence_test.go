package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestGetPageLinesInACodeBlock: get-page --start-line/--end-line inside a
// code block names the block's opening fence and its line, in the JSON
// (starts_in_code, ends_in_code, as ubp_get_page) and in the text, so the
// lines are read as code, not Markdown; so does get-context's text when
// its centre is cut inside the block.
func TestGetPageLinesInACodeBlock(t *testing.T) {
	body := fixture.FencedPage()
	root := initProjectWith(t, map[string]string{"docs/fenced.md": body})
	fence := strings.Count(body[:strings.Index(body, "```text")], "\n") + 1
	from, to := fmt.Sprint(fence+3), fmt.Sprint(fence+8)
	code, stdout, stderr := runCLI(t, root, "get-page", "fenced.md", "--start-line", from, "--end-line", to, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var v struct {
		Starts map[string]any `json:"starts_in_code"`
		Ends   map[string]any `json:"ends_in_code"`
	}
	if err := json.Unmarshal([]byte(stdout), &v); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"line": float64(fence), "fence": "```text"}
	if fmt.Sprint(v.Starts) != fmt.Sprint(want) || fmt.Sprint(v.Ends) != fmt.Sprint(want) {
		t.Errorf("starts_in_code %v, ends_in_code %v; want %v both", v.Starts, v.Ends, want)
	}
	code, stdout, _ = runCLI(t, root, "get-page", "fenced.md", "--start-line", from, "--end-line", to)
	note := fmt.Sprintf("inside the code block opened at line %d by ```text", fence)
	if code != 0 || strings.Count(stdout, note) != 2 {
		t.Errorf("text: exit %d, %q; want %q at the start and the end", code, stdout, note)
	}
	// get-context cut inside the block says so beside where to read on.
	code, stdout, _ = runCLI(t, root, "get-context", "fenced.md", "--max-size", "3500")
	if code != 0 || !strings.Contains(stdout, "; cut "+note+"; read on with: ubp get-page") {
		t.Errorf("get-context: exit %d, %q; want the cut named %q", code, stdout, note)
	}
}
