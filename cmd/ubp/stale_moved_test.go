package main

import (
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
