package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// helpExample is one example line of a command's --help.
type helpExample struct {
	command string // "ubp get-page"
	line    string
}

// helpExamples returns the example lines of every command's --help, the
// groups' subcommands included.
func helpExamples() []helpExample {
	var out []helpExample
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, l := range strings.Split(c.Example, "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				out = append(out, helpExample{c.CommandPath(), l})
			}
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk((&app{}).rootCommand())
	return out
}

// exampleArgs is the ubp invocation of an example line, without "ubp":
// what follows the last word "ubp" (after `claude mcp add ubp --` or an
// environment assignment), up to a pipe or a redirection.
func exampleArgs(t *testing.T, line string) []string {
	t.Helper()
	words := shellWords(t, line)
	start := -1
	for i, w := range words {
		if w == "ubp" {
			start = i
		}
	}
	if start < 0 {
		t.Fatalf("example %q runs no ubp command", line)
	}
	args := words[start+1:]
	for i, w := range args {
		if w == "|" {
			return args[:i]
		}
	}
	return args
}

// TestHelpExamplesRun runs every example of every command's --help against
// a copy of ubp's own repository, indexed with `ubp init --docs-dir docs`
// as the help of ubp itself says to start, so that an example naming a
// page, section or line range the docs do not have fails here (get-page
// named designs/architecture.md, a page of another corpus). init's
// examples run on a fresh copy of the docs each. Examples that would not
// end (serve --http) or name a placeholder (-C /path/to/project) are
// parsed, not run: their flags and arguments must be accepted.
func TestHelpExamplesRun(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed: the --baseline git examples need it")
	}
	src, err := fixture.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyRepo(t, dir)
	mustCLI(t, dir, "init", "--docs-dir", "docs", "--quiet")
	examples := helpExamples()
	if len(examples) < 25 {
		t.Fatalf("found only %d help examples", len(examples))
	}
	for _, ex := range examples {
		t.Run(ex.line, func(t *testing.T) {
			args := exampleArgs(t, ex.line)
			if got := "ubp " + strings.Join(args, " "); !strings.HasPrefix(got+" ", ex.command+" ") {
				t.Fatalf("an example of %s runs %s", ex.command, got)
			}
			if placeholder(args) {
				checkParses(t, args)
				return
			}
			root := dir
			if len(args) > 0 && args[0] == "init" {
				root = t.TempDir()
				fixture.MustCopyTree(t, filepath.Join(src, "docs"), filepath.Join(root, "docs"), fixedTime)
			}
			code, stdout, stderr := runCLI(t, root, args...)
			if code != 0 {
				t.Errorf("%s --help example %q: exit %d\nstdout: %.2000s\nstderr: %s", ex.command, ex.line, code, stdout, stderr)
			}
		})
	}
}

// placeholder reports whether an example would serve until stopped or
// names a folder that stands for the reader's own.
func placeholder(args []string) bool {
	for i, a := range args {
		if a == "--http" || (a == "-C" && i+1 < len(args) && strings.HasPrefix(args[i+1], "/path/to/")) {
			return true
		}
	}
	return false
}

// checkParses finds the command of args and parses its flags and
// arguments without running it.
func checkParses(t *testing.T, args []string) {
	t.Helper()
	root := (&app{}).rootCommand()
	cmd, rest, err := root.Find(args)
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	if err := cmd.ParseFlags(rest); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	if err := cmd.ValidateArgs(cmd.Flags().Args()); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
}
