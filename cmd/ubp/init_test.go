package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestShellQuote: a path the init text puts in a shell command is one word
// once pasted: a project path with a space split into two arguments.
func TestShellQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/home/ana/proj", "/home/ana/proj"},
		{"/tmp/my proj", "'/tmp/my proj'"},
		{`/tmp/q "x"`, `'/tmp/q "x"'`},
		{"/tmp/it's", `'/tmp/it'\''s'`},
		{"/home/花子/設計", "/home/花子/設計"},
		{"", "''"},
	} {
		if got := shellQuote(tc.in); got != tc.want {
			t.Errorf("shellQuote(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestInitAbsoluteDocsDir: --docs-dir may name the docs folder by its
// absolute path when it is inside the project (it is kept relative); a
// folder outside and a file are refused, each saying so.
func TestInitAbsoluteDocsDir(t *testing.T) {
	root := filepath.Join(t.TempDir(), "my proj")
	fixture.WriteFiles(t, root, map[string]string{"my docs/a.md": "# A\n"})
	code, stdout, stderr := runCLI(t, root, "init", "--docs-dir", filepath.Join(root, "my docs"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var cfg struct {
		DocsDir string `json:"docs_dir"`
	}
	data, err := os.ReadFile(filepath.Join(root, ".ubp", "config.json"))
	if err != nil || json.Unmarshal(data, &cfg) != nil || cfg.DocsDir != "my docs" {
		t.Errorf("docs_dir %q (%v), want \"my docs\"", cfg.DocsDir, err)
	}
	if want := "serve -C '" + root + "'"; !strings.Contains(stdout, want) {
		t.Errorf("init text does not name the project, quoted, in its commands (%s): %s", want, stdout)
	}
	other := t.TempDir()
	for _, tc := range []struct{ dir, want string }{
		{other, "outside the project"},
		{filepath.Join(root, "my docs", "a.md"), "a file, not a folder"},
	} {
		fresh := t.TempDir()
		if tc.want == "a file, not a folder" {
			fresh = root
			os.RemoveAll(filepath.Join(root, ".ubp"))
		}
		code, _, stderr := runCLI(t, fresh, "init", "--docs-dir", tc.dir)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("--docs-dir %s: exit %d, %q; want 2 and %q", tc.dir, code, stderr, tc.want)
		}
	}
}

// TestInterruptedCommandSaysSo: a command stopped by SIGINT or SIGTERM
// (its context cancelled) says it was interrupted and exits 130, rather
// than print what the stop broke on its way out ("index d4/doc2085.md:
// insert link …: transaction has already been committed"); with --json,
// code "interrupted".
func TestInterruptedCommandSaysSo(t *testing.T) {
	root := taskflowProject(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{{"index", "--full"}, {"--json", "index", "--full"}} {
		var out, errOut bytes.Buffer
		code := run(ctx, append([]string{"-C", root}, args...), strings.NewReader(""), &out, &errOut)
		text := out.String() + errOut.String()
		if code != exitInterrupted || !strings.Contains(text, "interrupted") || strings.Contains(text, "context canceled") {
			t.Errorf("%v: exit %d, %q; want %d saying interrupted", args, code, text, exitInterrupted)
		}
		if args[0] == "--json" && !strings.Contains(out.String(), `"code": "interrupted"`) {
			t.Errorf("--json: %q, want code interrupted", out.String())
		}
	}
}

// TestUsageHintNamesTheCommand: the hint of a usage error names the help
// of the command that failed, not `ubp <command> --help`.
func TestUsageHintNamesTheCommand(t *testing.T) {
	root := taskflowProject(t)
	_, _, stderr := runCLI(t, root, "status", "--bogus")
	if !strings.Contains(stderr, "`ubp status --help`") {
		t.Errorf("stderr %q, want the hint to name ubp status --help", stderr)
	}
}

// TestGetPageOfASkippedFile: get-page on a file indexing skipped says the
// file is there and why, even when other pages are close enough to be
// suggested (the suggestions replaced the reason).
func TestGetPageOfASkippedFile(t *testing.T) {
	root := initProjectWith(t, map[string]string{"docs/bad.md": "# Bad\n\nText.\n", "docs/bin.md": "\xff\xfe binary \x00"})
	code, _, stderr := runCLI(t, root, "get-page", "bin.md")
	if code == 0 || !strings.Contains(stderr, "the file is there, but indexing") || strings.Contains(stderr, "did you mean") {
		t.Errorf("get-page bin.md: exit %d, %q; want the reason it was skipped, no suggestions", code, stderr)
	}
}

// TestInitWithoutMarkdownWarns: init on a docs folder holding no Markdown
// says so (every search would answer "no results" and nothing said why).
func TestInitWithoutMarkdownWarns(t *testing.T) {
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{"docs/readme.txt": "hi\n"})
	code, _, stderr := runCLI(t, root, "init", "--docs-dir", "docs", "--quiet")
	if code != 0 || !strings.Contains(stderr, "no Markdown files") {
		t.Errorf("exit %d, stderr %q; want 0 and a warning that no Markdown was found", code, stderr)
	}
	// It names every extension indexing reads (.mdx was left out).
	for _, ext := range []string{".md", ".markdown", ".mdx"} {
		if !index.IsMarkdownExt(ext) {
			t.Fatalf("%s is no longer a document's extension: update this test", ext)
		}
		if !strings.Contains(stderr, ext+",") && !strings.Contains(stderr, ext+")") {
			t.Errorf("the warning %q does not name %s, which is indexed", stderr, ext)
		}
	}
}
