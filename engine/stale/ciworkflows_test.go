package stale

import (
	"os"
	"path/filepath"
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
	if nightly.Permissions["security-events"] != "write" {
		t.Error("nightly: upload-sarif needs security-events: write")
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
	for _, want := range []string{"go install -tags sqlite_fts5", "ubp stale --baseline git --exit-code"} {
		if !strings.Contains(steps, want) {
			t.Errorf("pull request workflow: no step with %q", want)
		}
	}
}
