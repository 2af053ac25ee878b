package stale

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// workflow is the part of a GitHub Actions workflow the checks below read.
type workflow struct {
	Name        string            `yaml:"name"`
	On          map[string]any    `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]struct {
		RunsOn string `yaml:"runs-on"`
		Steps  []struct {
			Name string         `yaml:"name"`
			Uses string         `yaml:"uses"`
			Run  string         `yaml:"run"`
			With map[string]any `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

func loadWorkflow(t *testing.T, name string) (workflow, string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "ci", name))
	if err != nil {
		t.Fatal(err)
	}
	var w workflow
	if err := yaml.Unmarshal(data, &w); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(w.Jobs) != 1 {
		t.Fatalf("%s: %d jobs", name, len(w.Jobs))
	}
	var runs strings.Builder
	for _, j := range w.Jobs {
		if j.RunsOn == "" || len(j.Steps) == 0 {
			t.Fatalf("%s: job without runner or steps", name)
		}
		checkout := j.Steps[0]
		if !strings.HasPrefix(checkout.Uses, "actions/checkout@") || checkout.With["fetch-depth"] != 0 {
			t.Errorf("%s: the first step must be actions/checkout with fetch-depth: 0 (the git baseline needs history), got %+v", name, checkout)
		}
		for _, s := range j.Steps {
			runs.WriteString(s.Uses + " " + s.Run + "\n")
		}
	}
	return w, runs.String()
}

// TestCIWorkflows checks the workflows in docs/ci/ parse and do what the
// docs say: build ubp, index, and run the reports with the git baseline.
func TestCIWorkflows(t *testing.T) {
	nightly, steps := loadWorkflow(t, "ubp-stale-nightly.yml")
	if _, ok := nightly.On["schedule"]; !ok {
		t.Error("nightly: no schedule trigger")
	}
	// What a SARIF upload needs, in a private repository too.
	for perm, want := range map[string]string{"contents": "read", "security-events": "write", "actions": "read"} {
		if got := nightly.Permissions[perm]; got != want {
			t.Errorf("nightly: permissions %s: %q, want %q", perm, got, want)
		}
	}
	for _, want := range []string{
		"go install -tags sqlite_fts5",
		"ubp init --docs-dir",
		`ubp stale --baseline git --format markdown >> "$GITHUB_STEP_SUMMARY"`,
		"ubp stale --baseline git --format sarif --output ubp-stale.sarif",
		"github/codeql-action/upload-sarif@",
	} {
		if !strings.Contains(steps, want) {
			t.Errorf("nightly: no step with %q", want)
		}
	}

	pr, steps := loadWorkflow(t, "ubp-stale-pr.yml")
	if _, ok := pr.On["pull_request"]; !ok {
		t.Error("pull request workflow: no pull_request trigger")
	}
	if pr.Permissions["contents"] != "read" {
		t.Errorf("pull request workflow: permissions %v", pr.Permissions)
	}
	for _, want := range []string{"go install -tags sqlite_fts5", "ubp stale --baseline git --exit-code --format markdown --output ubp-stale.md", `cat ubp-stale.md >> "$GITHUB_STEP_SUMMARY"`} {
		if !strings.Contains(steps, want) {
			t.Errorf("pull request workflow: no step with %q", want)
		}
	}
	// One check per pull request: the report and the verdict come from
	// the same run.
	if n := strings.Count(steps, "ubp stale "); n != 1 {
		t.Errorf("pull request workflow runs ubp stale %d times, want once", n)
	}
}

// minMajor is the oldest major version of each action the workflows may
// use: the current ones when they were last reviewed (older majors run on
// deprecated runtimes).
var minMajor = map[string]int{
	"actions/checkout":                  5,
	"actions/setup-go":                  6,
	"github/codeql-action/upload-sarif": 3,
}

// TestCIWorkflowActionVersions: every action is pinned to a major version
// at least the one in minMajor.
func TestCIWorkflowActionVersions(t *testing.T) {
	for _, name := range []string{"ubp-stale-nightly.yml", "ubp-stale-pr.yml"} {
		_, steps := loadWorkflow(t, name)
		for _, line := range strings.Split(steps, "\n") {
			uses, _, _ := strings.Cut(line, " ")
			if uses == "" {
				continue
			}
			action, ver, ok := strings.Cut(uses, "@v")
			if !ok {
				t.Errorf("%s: %q is not pinned to a major version", name, uses)
				continue
			}
			want, known := minMajor[action]
			if !known {
				t.Errorf("%s: action %s has no minimum version in minMajor", name, action)
				continue
			}
			major, _, _ := strings.Cut(ver, ".")
			if n, err := strconv.Atoi(major); err != nil || n < want {
				t.Errorf("%s: %s, want v%d or newer", name, uses, want)
			}
		}
	}
}
