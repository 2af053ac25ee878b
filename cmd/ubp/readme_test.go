package main

import (
	"bufio"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// readmeExamples returns every ubp command line the README shows: the
// example column of the command table and the `ubp ...` lines of its sh
// blocks, in order.
func readmeExamples(t *testing.T, readme string) []string {
	t.Helper()
	var out []string
	cell := regexp.MustCompile("\\| `(ubp [^`]*)` \\|\\s*$")
	inSh := false
	sc := bufio.NewScanner(strings.NewReader(readme))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```"):
			inSh = line == "```sh"
		case inSh && strings.HasPrefix(line, "ubp "):
			if i := strings.Index(line, " #"); i >= 0 {
				line = line[:i] // a comment
			}
			out = append(out, strings.TrimSpace(line))
		case !inSh:
			if m := cell.FindStringSubmatch(line); m != nil {
				out = append(out, m[1])
			}
		}
	}
	if len(out) < 10 {
		t.Fatalf("found only %d examples in README.md: %q", len(out), out)
	}
	return out
}

// shellWords splits a command line as sh would for these examples: single
// and double quotes, and a trailing `>> FILE` redirection dropped.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		t.Fatalf("unbalanced quote in %q", line)
	}
	if inWord {
		words = append(words, cur.String())
	}
	for i, w := range words {
		if w == ">>" || w == ">" {
			return words[:i]
		}
	}
	return words
}

// copyRepo copies the repository's files (not .git, .ubp, bin, nor files
// over 1 MB: model data no document refers to) into dst and commits them
// in a new git repository, so that every document is fresh by the git
// baseline.
func copyRepo(t *testing.T, dst string) {
	t.Helper()
	src, err := fixture.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		switch d.Name() {
		case ".git": // a folder, or in a git worktree a file pointing at one
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case ".ubp", "bin", "node_modules":
			if d.IsDir() {
				return filepath.SkipDir
			}
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > 1<<20 {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	// GIT_DIR and GIT_WORK_TREE pin every git command to the copy: git
	// must never reach the repository the test runs from.
	gitDir := filepath.Join(dst, ".git")
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-c", "user.name=ubp test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dst
		cmd.Env = append(os.Environ(), "GIT_DIR="+gitDir, "GIT_WORK_TREE="+dst, "GIT_CEILING_DIRECTORIES="+filepath.Dir(dst))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	if top := git("rev-parse", "--show-toplevel"); top != dst {
		t.Fatalf("git works in %s, not in the copy %s", top, dst)
	}
	git("add", "-A")
	git("commit", "-q", "-m", "snapshot")
}

// TestReadmeExamples runs every command example of README.md against a copy
// of ubp's own repository (its docs/ folder as the docs), in README order:
// each must succeed. `ubp serve --http` would serve until stopped and is
// the only one not run; plain `ubp serve` ends when its stdin (empty here)
// closes.
func TestReadmeExamples(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed: the README's --baseline git examples need it")
	}
	root, err := fixture.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyRepo(t, dir)
	examples := readmeExamples(t, string(readme))
	t.Logf("%d README examples", len(examples))
	for _, ex := range examples {
		t.Run(ex, func(t *testing.T) {
			args := shellWords(t, ex)[1:]
			if len(args) > 1 && args[0] == "serve" && args[1] == "--http" {
				return
			}
			code, stdout, stderr := runCLI(t, dir, args...)
			if code != 0 {
				t.Errorf("README example %q: exit %d\nstdout: %s\nstderr: %s", ex, code, stdout, stderr)
			}
		})
	}
}
