package stale

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// countGitLogs puts a git on PATH for the rest of the test that runs the
// real one and notes each command line in a file; the returned function
// counts the `git log --no-walk` reads of the files commits added or
// changed (one a round of findSymbolMoves).
func countGitLogs(t *testing.T) func() int {
	t.Helper()
	gitPath, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	logFile := filepath.Join(dir, "calls")
	script := "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '" + logFile + "'\nexec '" + gitPath + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return func() int {
		data, _ := os.ReadFile(logFile)
		n := 0
		for _, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, " log --no-walk") && strings.Contains(line, "--no-renames --diff-filter=AM") {
				n++
			}
		}
		return n
	}
}

// TestSymbolChainEndsAtAFileMetTwice: a chain that comes back to a file
// it has read ends there, not_found, instead of going round until
// maxMoveRounds: whether the declaration's last move out of a file names
// it (direct), or names a file git then renamed to it (renamed). Only
// history that git simplifies differently for two files makes one: a
// merge that keeps src/f.go from one parent (where a commit moved Foo to
// src/d.go) and src/d.go from the other (where Foo went to d.go and back
// to f.go, or to g.go, renamed to f.go after f.go was deleted), so Foo is
// in neither; git log of f.go sees only the first line, of d.go only the
// second, and each file's last move out names the other. Without the
// guard the chain is read round after round, maxMoveRounds times, to the
// same answer.
func TestSymbolChainEndsAtAFileMetTwice(t *testing.T) {
	for _, renamed := range []bool{false, true} {
		t.Run(map[bool]string{false: "direct", true: "renamed"}[renamed], func(t *testing.T) {
			r := newTestRepo(t)
			r.write("src/f.go", goDecls("F1", "F2", "Foo"))
			r.write("src/d.go", goDecls("D1", "D2"))
			r.write("docs/d.md", "# D\n")
			r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
			r.git("checkout", "-q", "-b", "side")
			r.write("src/f.go", goDecls("F1", "F2"))
			r.write("src/d.go", goDecls("Foo", "D1", "D2"))
			moved := r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "side: Foo to d.go")
			r.git("checkout", "-q", "main")
			r.write("src/f.go", goDecls("F1", "F2"))
			r.write("src/d.go", goDecls("D1", "D2", "Foo"))
			r.commit("2026-01-02T00:00:00Z", "Bo Chen", "Foo to d.go")
			r.write("src/d.go", goDecls("D1", "D2"))
			if renamed {
				r.write("src/g.go", goDecls("G1", "G2", "G3", "Foo"))
				r.commit("2026-01-03T00:00:00Z", "Bo Chen", "Foo to g.go")
				r.remove("src/f.go")
				r.commit("2026-01-03T01:00:00Z", "Bo Chen", "f.go deleted")
				r.move("src/g.go", "src/f.go")
				r.commit("2026-01-03T02:00:00Z", "Bo Chen", "g.go renamed f.go")
			} else {
				r.write("src/f.go", goDecls("Foo", "F1", "F2"))
				r.commit("2026-01-03T00:00:00Z", "Bo Chen", "Foo back to f.go")
			}
			_ = exec.Command("git", "-C", r.dir, "merge", "-q", "--no-commit", "--no-ff", "side").Run() // conflicts: settled below
			r.write("src/f.go", goDecls("F1", "F2"))
			r.write("src/d.go", goDecls("D1", "D2"))
			r.commit("2026-01-05T00:00:00Z", "Cy Diaz", "merge side: Foo dropped")

			logs := countGitLogs(t)
			seen := 0
			checkBothBaselines(t, r, []string{"src/f.go#Foo"}, func(t *testing.T, doc DocResult, notFound func(string) string) {
				// The newest commit to f.go in HEAD's history, as for any
				// ref not found.
				assertRefs(t, doc, []movedRef{{NotFound, "", notFound(moved)}})
				// Round 1: f.go to d.go; round 2: d.go to f.go (or g.go,
				// now f.go), met before.
				n := logs()
				if rounds := n - seen; rounds != 2 {
					t.Errorf("the chain was read %d rounds, want 2: it went round f.go and d.go", rounds)
				}
				seen = n
			})
		})
	}
}
