package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMovedRefOnEverySurface: a source_ref whose file was moved with git
// mv is reported moved, naming the new path, by ubp stale (text and
// JSON), get-page (text and JSON) and status: every surface said
// "deleted", with no hint of where it went.
func TestMovedRefOnEverySurface(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=Ana", "-c", "user.email=ana@example.com"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(rel, content string) {
		t.Helper()
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q")
	write("src/old.go", "package src\n\n// Foo does foo.\nfunc Foo() {}\n")
	write("docs/d.md", "---\ntitle: D\nsource_refs:\n  - src/old.go#Foo\n---\n# D\n")
	git("add", "-A")
	git("commit", "-qm", "init")
	git("mv", "src/old.go", "src/place.go")
	git("commit", "-qm", "move old.go")
	if code, _, stderr := runCLI(t, dir, "init", "--docs-dir", "docs", "--quiet"); code != 0 {
		t.Fatalf("init: exit %d: %s", code, stderr)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"stale"}, "moved to src/place.go#Foo"},
		{[]string{"stale", "--json"}, `"moved_to": "src/place.go#Foo"`},
		{[]string{"get-page", "d.md"}, "src/old.go#Foo (line 4): moved to src/place.go#Foo"},
		{[]string{"get-page", "d.md", "--json"}, `"moved_to": "src/place.go#Foo"`},
		{[]string{"status"}, "src/old.go#Foo moved to src/place.go#Foo in commit"},
	} {
		code, stdout, stderr := runCLI(t, dir, tc.args...)
		if code != 0 || !strings.Contains(stdout, tc.want) {
			t.Errorf("ubp %s: exit %d, no %q in\n%s%s", strings.Join(tc.args, " "), code, tc.want, stdout, stderr)
		}
	}
}

// TestMovedTwiceOnEverySurface: a source_ref moved twice, by two commits
// (src/old.go to src/mid.go to lib/new.go), is reported moved to where it
// is now, with the second commit, by ubp stale in every format, get-page
// (text and JSON, what the MCP server's ubp_get_page returns) and status,
// under either baseline: each named src/mid.go, which no longer exists.
func TestMovedTwiceOnEverySurface(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	for _, baseline := range []string{"git", "index"} {
		t.Run(baseline, func(t *testing.T) {
			dir := t.TempDir()
			git := func(args ...string) string {
				t.Helper()
				cmd := exec.Command("git", append([]string{"-c", "user.name=Ana", "-c", "user.email=ana@example.com"}, args...)...)
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("git %v: %v\n%s", args, err, out)
				}
				return strings.TrimSpace(string(out))
			}
			if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "src/old.go"), []byte("package src\n\n// Foo does foo.\nfunc Foo() {}\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "docs/d.md"), []byte("---\ntitle: D\nsource_refs:\n  - src/old.go#Foo\n---\n# D\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			git("init", "-q")
			git("add", "-A")
			git("commit", "-qm", "init")
			if code, _, stderr := runCLI(t, dir, "init", "--docs-dir", "docs", "--quiet"); code != 0 {
				t.Fatalf("init: exit %d: %s", code, stderr)
			}
			setStalenessBaseline(t, dir, baseline)
			git("mv", "src/old.go", "src/mid.go")
			git("commit", "-qm", "first move")
			if err := os.MkdirAll(filepath.Join(dir, "lib"), 0o755); err != nil {
				t.Fatal(err)
			}
			git("mv", "src/mid.go", "lib/new.go")
			git("commit", "-qm", "second move")
			second := git("rev-parse", "HEAD")
			for _, tc := range []struct {
				args []string
				want string
			}{
				{[]string{"stale"}, "moved to lib/new.go#Foo"},
				{[]string{"stale", "--format", "markdown"}, "moved to `lib/new.go#Foo`"},
				{[]string{"stale", "--json"}, `"moved_to": "lib/new.go#Foo"`},
				{[]string{"stale", "--json"}, `"commit": "` + second + `"`},
				{[]string{"stale", "--format", "sarif"}, "was moved to lib/new.go#Foo"},
				{[]string{"get-page", "d.md"}, "src/old.go#Foo (line 4): moved to lib/new.go#Foo"},
				{[]string{"get-page", "d.md", "--json"}, `"moved_to": "lib/new.go#Foo"`},
				{[]string{"status"}, "src/old.go#Foo moved to lib/new.go#Foo in commit " + second[:7]},
			} {
				code, stdout, stderr := runCLI(t, dir, tc.args...)
				if code != 0 || !strings.Contains(stdout, tc.want) || strings.Contains(stdout, "src/mid.go") {
					t.Errorf("ubp %s: exit %d, no %q (or src/mid.go named) in\n%s%s", strings.Join(tc.args, " "), code, tc.want, stdout, stderr)
				}
			}
		})
	}
}

// setStalenessBaseline writes staleness.baseline = baseline into the
// project's .ubp/config.json.
func setStalenessBaseline(t *testing.T, dir, baseline string) {
	t.Helper()
	setConfigValue(t, dir, "staleness", "baseline", baseline)
}

// setConfigValue sets section.key = value in the project's
// .ubp/config.json (section must be an object there).
func setConfigValue(t *testing.T, dir, section, key string, value any) {
	t.Helper()
	cfgPath := filepath.Join(dir, ".ubp", "config.json")
	cfg, err := os.ReadFile(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(cfg, &m); err != nil {
		t.Fatal(err)
	}
	m[section].(map[string]any)[key] = value
	if cfg, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfgPath, cfg, 0o644); err != nil {
		t.Fatal(err)
	}
}
