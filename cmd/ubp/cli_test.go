package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/internal/fixture"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// fixedTime is the modification time given to every fixture file so that
// updated_at is the same on every run.
var fixedTime = time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)

// taskflowProject makes a fresh, initialised copy of the taskflow corpus.
func taskflowProject(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	fixture.MustCopyTree(t, fixture.MustCorpus(t, "taskflow-docs"), root, fixedTime)
	if code, _, stderr := runCLI(t, root, "init", "--docs-dir", ".", "--quiet"); code != 0 {
		t.Fatalf("ubp init failed (%d): %s", code, stderr)
	}
	return root
}

// runCLI runs the CLI in-process in dir and returns the exit code, stdout
// and stderr.
func runCLI(t testing.TB, dir string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), append([]string{"-C", dir}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

var (
	reTimestamp = regexp.MustCompile(`"(last_indexed_at|elapsed|generated_at)": "[^"]*"`)
	reIndexSize = regexp.MustCompile(`("index_bytes": )\d+|(index size:\s+)\S+ \S+`)
	reLastIdx   = regexp.MustCompile(`(last indexed:\s+)\S+`)
	reVersion   = regexp.MustCompile(`("version": )"[^"]*"`)
)

// normalise replaces what differs between runs: the temporary root, the
// test binary's path, times and sizes.
func normalise(s, root string) string {
	s = strings.ReplaceAll(s, root, "$ROOT")
	if exe, err := os.Executable(); err == nil {
		s = strings.ReplaceAll(s, exe, "$UBP")
	}
	s = reTimestamp.ReplaceAllString(s, `"$1": "$$TIME"`)
	s = reIndexSize.ReplaceAllString(s, "${1}${2}$$SIZE")
	s = reLastIdx.ReplaceAllString(s, "${1}$$TIME")
	s = reVersion.ReplaceAllString(s, `${1}"$$VERSION"`)
	return s
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden %s (run go test -update to create it): %v", path, err)
	}
	if string(want) != got {
		t.Errorf("output differs from %s (go test -update rewrites it)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

func TestCLIGolden(t *testing.T) {
	root := taskflowProject(t)
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"index_noop", []string{"index"}, 0},
		{"index_noop_json", []string{"index", "--json"}, 0},
		{"status", []string{"status"}, 0},
		{"status_json", []string{"status", "--json"}, 0},
		{"list_pages", []string{"list-pages"}, 0},
		{"list_pages_design_json", []string{"list-pages", "--doc-type", "design", "--json"}, 0},
		{"list_pages_sorted", []string{"list-pages", "--sort", "filepath", "--order", "desc", "--limit", "3", "--offset", "1"}, 0},
		{"get_page", []string{"get-page", "designs/architecture.md"}, 0},
		{"get_page_json", []string{"get-page", "designs/database", "--json"}, 0},
		{"get_page_not_found", []string{"get-page", "designs/architectur"}, 1},
		{"get_page_not_found_json", []string{"get-page", "no-such-page", "--json"}, 1},
		{"get_page_section", []string{"get-page", "designs/architecture.md", "--section", "Overview"}, 0},
		{"get_page_section_json", []string{"get-page", "designs/architecture.md", "--section", "#websocket-gateway", "--json"}, 0},
		{"get_page_section_unknown", []string{"get-page", "designs/architecture.md", "--section", "Nowhere"}, 2},
		{"get_page_fragment", []string{"get-page", "designs/architecture#websocket-gateway"}, 0},
		{"get_page_lines", []string{"get-page", "designs/architecture.md", "--start-line", "18", "--end-line", "24"}, 0},
		{"get_page_lines_section_json", []string{"get-page", "designs/architecture.md", "--section", "overview", "--start-line", "20", "--json"}, 0},
		{"get_page_lines_past_end", []string{"get-page", "designs/architecture.md", "--start-line", "9999"}, 2},
		{"get_page_lines_before_body", []string{"get-page", "designs/architecture.md", "--end-line", "3"}, 2},
		{"get_page_lines_negative", []string{"get-page", "designs/architecture.md", "--start-line", "-3"}, 2},
		{"get_page_lines_column", []string{"get-page", "designs/architecture.md", "--start-line", "18", "--start-column", "4", "--end-line", "20"}, 0},
		{"search_json", []string{"search", "authentication", "--limit", "3", "--json"}, 0},
		{"fulltext_json", []string{"search", "WebSocket", "--fulltext", "--limit", "3", "--json"}, 0},
		{"get_context_json", []string{"get-context", "adrs/001-database-choice.md", "--depth", "1", "--max-size", "4000", "--json"}, 0},
		{"get_context_cut", []string{"get-context", "adrs/001-database-choice.md", "--depth", "1", "--max-size", "4000"}, 0},
		{"get_context_fragment", []string{"get-context", "designs/architecture#websocket-gateway", "--depth", "1"}, 0},
		{"get_graph_mermaid", []string{"get-graph", "--center", "designs/architecture.md", "--depth", "1", "--format", "mermaid"}, 0},
		{"get_graph_dot", []string{"get-graph", "--center", "adrs/002-auth-strategy.md", "--depth", "1", "--format", "dot"}, 0},
		{"get_context_link_types", []string{"get-context", "designs/database.md", "--depth", "1", "--link-types", "depends_on", "--max-size", "4000"}, 0},
		{"get_graph_link_types", []string{"get-graph", "--center", "designs/database.md", "--depth", "2", "--link-types", "depends_on,implements", "--format", "mermaid"}, 0},
		{"get_graph_link_types_whole", []string{"get-graph", "--link-types", "conflicts_with", "--link-types", "extends", "--format", "mermaid"}, 0},
		{"get_graph_link_types_page_json", []string{"get-graph", "--link-types", "implements", "--limit", "3", "--offset", "1", "--json"}, 0},
		{"context_bad_link_type", []string{"get-context", "designs/database.md", "--link-types", "depends_on,likes"}, 2},
		{"graph_bad_link_type_json", []string{"get-graph", "--center", "designs/database.md", "--link-types", "Depends_On", "--json"}, 2},
		{"stale_index_json", []string{"stale", "--baseline", "index", "--json"}, 0},
		{"bad_limit", []string{"list-pages", "--limit", "-1"}, 2},
		{"bad_sort", []string{"list-pages", "--sort", "size"}, 2},
		{"bad_flag", []string{"status", "--nope"}, 2},
		{"query_like_a_flag", []string{"search", "-32602"}, 2},
		{"unknown_command", []string{"frobnicate"}, 2},
		{"unknown_command_near", []string{"serch"}, 2},
		{"completion_unknown_shell", []string{"completion", "tcsh"}, 2},
		{"help_unknown_command", []string{"help", "frobnicate"}, 2},
		{"bad_depth_json", []string{"get-context", "designs/database.md", "--depth", "9", "--json"}, 2},
		{"search_no_query", []string{"search"}, 2},
		// The CLI's promises (issue 10 part 7).
		{"json_unknown_command", []string{"frobnicate", "--json"}, 2},
		{"json_bad_flag", []string{"status", "--nope", "--json"}, 2},
		{"json_bad_flag_value", []string{"search", "x", "--limit", "abc", "--json"}, 2},
		{"bad_limit_value", []string{"search", "x", "--limit", "abc"}, 2},
		{"search_limit_zero", []string{"search", "x", "--limit", "0"}, 2},
		{"search_limit_high", []string{"search", "x", "--limit", "51"}, 2},
		{"context_depth_zero", []string{"get-context", "designs/database.md", "--depth", "0"}, 2},
		{"context_max_size_small", []string{"get-context", "designs/database.md", "--max-size", "10"}, 2},
		{"json_with_format", []string{"stale", "--json", "--format", "sarif"}, 2},
		{"json_with_format_graph", []string{"get-graph", "--format", "dot", "--json"}, 2},
		{"serve_bad_http", []string{"serve", "--http", ":abc"}, 2},
		{"version_json", []string{"version", "--json"}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, root, tc.args...)
			if code != tc.code {
				t.Fatalf("exit code %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, stdout, stderr)
			}
			if strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "panic") {
				t.Fatalf("stack trace on stderr: %s", stderr)
			}
			got := "$ ubp " + strings.Join(tc.args, " ") + "\n" + stdout
			if stderr != "" {
				got += "--- stderr ---\n" + stderr
			}
			checkGolden(t, tc.name, normalise(got, root))
		})
	}
}

func TestInitTwiceKeepsConfig(t *testing.T) {
	root := taskflowProject(t)
	cfgPath := filepath.Join(root, ".ubp", "config.json")
	before, err := os.ReadFile(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, root, "init", "--docs-dir", ".", "--exclude", "guides/**")
	if code != 0 {
		t.Fatalf("second init: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "Already initialised") {
		t.Errorf("second init should say the project is initialised; stderr: %s", stderr)
	}
	// The flags the kept configuration overrides are said not to apply,
	// even with --quiet; those not given are not named.
	for _, args := range [][]string{{"init", "--docs-dir", ".", "--exclude", "guides/**"}, {"init", "--quiet", "--docs-dir", ".", "--exclude", "guides/**"}} {
		_, _, stderr := runCLI(t, root, args...)
		for _, want := range []string{"--docs-dir was not applied", "--exclude was not applied"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%v: stderr %q, want %q", args, stderr, want)
			}
		}
		if strings.Contains(stderr, "--include") {
			t.Errorf("%v: stderr names --include, not given: %q", args, stderr)
		}
	}
	if !strings.Contains(stdout, "unchanged 16") {
		t.Errorf("second init should re-index with nothing changed; stdout: %s", stdout)
	}
	after, _ := os.ReadFile(cfgPath)
	if !bytes.Equal(before, after) {
		t.Errorf("init overwrote the existing config:\nbefore %s\nafter %s", before, after)
	}
}

func TestNoProject(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := runCLI(t, dir, "status")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if !strings.Contains(stderr, "ubp init") {
		t.Errorf("error should tell the user to run ubp init: %s", stderr)
	}
}

// TestEngineErrorsShowTheirAdvice: the engine names the remedy of an
// error and the CLI says it: the command to run ends the message, as
// before the advice moved out of the engine, in text and in JSON.
func TestEngineErrorsShowTheirAdvice(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := runCLI(t, dir, "status")
	if want := "ubp: no ubp project found in " + dir + " or its parents; run `ubp init`\n"; code != 1 || stderr != want {
		t.Errorf("no project: exit %d, stderr %q; want 1, %q", code, stderr, want)
	}

	cfgPath := filepath.Join(dir, ".ubp", "config.json")
	if err := os.MkdirAll(filepath.Dir(cfgPath), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfgPath, []byte("\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantMsg := cfgPath + ": the file is empty; expected a JSON object (delete it and run `ubp init` to write the defaults)"
	code, _, stderr = runCLI(t, dir, "status")
	if want := "ubp: " + wantMsg + "\n"; code != 1 || stderr != want {
		t.Errorf("empty config: exit %d, stderr %q; want 1, %q", code, stderr, want)
	}
	code, stdout, _ := runCLI(t, dir, "status", "--json")
	var got errorJSON
	if err := json.Unmarshal([]byte(stdout), &got); err != nil || code != 1 {
		t.Fatalf("empty config --json: exit %d, %v: %s", code, err, stdout)
	}
	if got.Error.Code != "no_project" || got.Error.Message != wantMsg {
		t.Errorf("empty config --json: %+v; want code no_project and message %q", got.Error, wantMsg)
	}
}

func TestHelpForEveryCommand(t *testing.T) {
	a := &app{}
	for _, c := range a.rootCommand().Commands() {
		if c.Short == "" || c.Example == "" {
			t.Errorf("command %q needs a Short description and an Example", c.Name())
		}
		code, stdout, _ := runCLI(t, t.TempDir(), c.Name(), "--help")
		if code != 0 || !strings.Contains(stdout, "Usage:") {
			t.Errorf("ubp %s --help: exit %d, output %q", c.Name(), code, stdout)
		}
	}
}

// TestSearchDefaultLimitFromConfig: without --limit, search returns
// search.default_limit results from .ubp/config.json.
func TestSearchDefaultLimitFromConfig(t *testing.T) {
	root := taskflowProject(t)
	cfgPath := filepath.Join(root, ".ubp", "config.json")
	b, err := os.ReadFile(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	if err := json.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	cfg["search"].(map[string]any)["default_limit"] = 2
	b, _ = json.Marshal(cfg)
	if err := os.WriteFile(cfgPath, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"search", "task", "--json"}, {"search", "task", "--fulltext", "--json"}} {
		code, stdout, stderr := runCLI(t, root, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		var res struct {
			Results    []json.RawMessage `json:"results"`
			TotalFound int               `json:"total_found"`
		}
		if err := json.Unmarshal([]byte(stdout), &res); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if len(res.Results) != 2 || res.TotalFound <= 2 {
			t.Errorf("%v: %d results of %d found, want 2 of more than 2", args, len(res.Results), res.TotalFound)
		}
	}
}

// TestSearchTextShowsMatchLevels: the text output says how well each result
// and the whole answer match, as --json does, so a reader of the terminal
// can tell a question the documents answer from one they do not cover.
func TestSearchTextShowsMatchLevels(t *testing.T) {
	root := taskflowProject(t)
	cases := []struct {
		query string
		want  []string
	}{
		{"PostgreSQL schema and migrations", []string{"match strong", "best match strong"}},
		{"banana smoothie recipe", []string{"best match weak", "nothing in the documents matches this query well"}},
		// function words only: no vector, and words of any text (never
		// strong, as ubp_search says too)
		{"how do I", []string{"(fulltext_fallback), best match weak", "nothing in the documents matches this query well"}},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, root, "search", tc.query, "--limit", "3")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("output lacks %q:\n%s", w, stdout)
				}
			}
			// Never "2 of 1 found": results without a match of their own
			// (linked pages, loose meanings) are said apart.
			if m := foundLine.FindStringSubmatch(stdout); m != nil {
				shown, _ := strconv.Atoi(m[1])
				total, _ := strconv.Atoi(m[2])
				if shown > total {
					t.Errorf("footer says %q", m[0])
				}
			}
		})
	}
}

var foundLine = regexp.MustCompile(`(\d+) of (\d+) found`)

// TestStaleOnAFreshCheckoutSaysTheBaselineIsNew: on a project with its
// configuration but no index (an unpacked archive: no git), `ubp stale`
// builds the index, and under the index baseline so recorded nothing can
// be stale: it says so instead of passing without a word. The next run,
// on an index built before it, does not.
func TestStaleOnAFreshCheckoutSaysTheBaselineIsNew(t *testing.T) {
	root := taskflowProject(t)
	if err := os.Remove(filepath.Join(root, ".ubp", "index.db")); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, root, "stale", "--format", "text")
	if code != 0 || !strings.Contains(stdout, "the index baseline was recorded just now") {
		t.Errorf("first run: exit %d, stdout %q, stderr %q; want the warning", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, root, "stale", "--format", "json")
	if code != 0 || strings.Contains(stdout, "recorded just now") {
		t.Errorf("second run: exit %d, warned again: %s", code, stdout)
	}
}
