package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMovedDeclarationOnEverySurface: a path.go#Symbol ref whose
// declaration a commit moved into another file (the file stays) is
// reported moved to that file's #Symbol, with that commit, by ubp stale in
// every format, get-page (text and JSON, what the MCP server's
// ubp_get_page returns) and status, under either baseline: each said not
// found, with no hint of where it went.
func TestMovedDeclarationOnEverySurface(t *testing.T) {
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
			write("src/a.go", "package src\n\n// Foo does foo.\nfunc Foo() {}\n\n// Bar does bar.\nfunc Bar() {}\n")
			write("docs/d.md", "---\ntitle: D\nsource_refs:\n  - src/a.go#Foo\n---\n# D\n")
			git("init", "-q")
			git("add", "-A")
			git("commit", "-qm", "init")
			if code, _, stderr := runCLI(t, dir, "init", "--docs-dir", "docs", "--quiet"); code != 0 {
				t.Fatalf("init: exit %d: %s", code, stderr)
			}
			setStalenessBaseline(t, dir, baseline)
			write("src/a.go", "package src\n\n// Bar does bar.\nfunc Bar() {}\n")
			write("src/foo.go", "package src\n\n// Foo does foo.\nfunc Foo() {}\n")
			git("add", "-A")
			git("commit", "-qm", "Foo to its own file")
			moved := git("rev-parse", "HEAD")
			for _, tc := range []struct {
				args []string
				want string
			}{
				{[]string{"stale"}, "moved to src/foo.go#Foo"},
				{[]string{"stale", "--format", "markdown"}, "moved to `src/foo.go#Foo`"},
				{[]string{"stale", "--json"}, `"moved_to": "src/foo.go#Foo"`},
				{[]string{"stale", "--json"}, `"commit": "` + moved + `"`},
				{[]string{"stale", "--format", "sarif"}, "was moved to src/foo.go#Foo"},
				{[]string{"get-page", "d.md"}, "src/a.go#Foo (line 4): moved to src/foo.go#Foo"},
				{[]string{"get-page", "d.md", "--json"}, `"moved_to": "src/foo.go#Foo"`},
				{[]string{"status"}, "src/a.go#Foo moved to src/foo.go#Foo in commit " + moved[:7]},
			} {
				code, stdout, stderr := runCLI(t, dir, tc.args...)
				if code != 0 || !strings.Contains(stdout, tc.want) {
					t.Errorf("ubp %s: exit %d, no %q in\n%s%s", strings.Join(tc.args, " "), code, tc.want, stdout, stderr)
				}
			}
		})
	}
}
