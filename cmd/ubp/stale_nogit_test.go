package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStaleGitBaselineOutsideGit: the git baseline asked for where there
// is no git work tree is one error that says once what failed, names the
// flag or the configuration key that asked for it, and says what to do;
// it read "stale: check staleness: staleness: --baseline git needs ...".
func TestStaleGitBaselineOutsideGit(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	doc := "---\ntitle: D\nsource_refs: [x.go]\n---\n# D\n"
	if err := os.WriteFile(filepath.Join(dir, "docs", "d.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, dir, "init", "--docs-dir", "docs", "--quiet"); code != 0 {
		t.Fatalf("init: exit %d: %s", code, stderr)
	}
	const hint = "hint: run ubp stale in a git clone (with git installed), or use --baseline index\n"
	code, stdout, stderr := runCLI(t, dir, "stale", "--baseline", "git")
	want := "ubp: --baseline git needs the project in a git work tree with git installed: not a git work tree\n" + hint
	if code != 2 || stdout != "" || stderr != want {
		t.Errorf("--baseline git: exit %d, stdout %q, stderr\n%s\nwant exit 2 and\n%s", code, stdout, stderr, want)
	}

	code, stdout, _ = runCLI(t, dir, "stale", "--baseline", "git", "--json")
	var got errorJSON
	if err := json.Unmarshal([]byte(stdout), &got); err != nil || code != 2 {
		t.Fatalf("--json: exit %d, %v: %s", code, err, stdout)
	}
	if wantMsg := strings.TrimPrefix(strings.SplitN(want, "\n", 2)[0], "ubp: "); got.Error.Message != wantMsg {
		t.Errorf("--json: message %q, want %q", got.Error.Message, wantMsg)
	}

	setStalenessBaseline(t, dir, "git")
	code, _, stderr = runCLI(t, dir, "stale")
	want = `ubp: staleness.baseline "git" (.ubp/config.json) needs the project in a git work tree with git installed: not a git work tree` + "\n" + hint
	if code != 2 || stderr != want {
		t.Errorf("configured git baseline: exit %d, stderr\n%s\nwant exit 2 and\n%s", code, stderr, want)
	}
}
