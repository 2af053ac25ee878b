package project

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
)

func TestFindProjectWalksUp(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "docs", "designs", "deep")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Exclude = []string{"drafts/**"}
	if _, created, err := Init(root, cfg); err != nil || !created {
		t.Fatalf("InitProject: created=%v err=%v", created, err)
	}
	for _, start := range []string{root, filepath.Join(root, "docs"), deep, filepath.Join(root, ".ubp")} {
		t.Run(filepath.Base(start), func(t *testing.T) {
			p, err := Find(start)
			if err != nil {
				t.Fatalf("Find(%s): %v", start, err)
			}
			if p.Root != root {
				t.Errorf("Find(%s).Root = %s, want %s", start, p.Root, root)
			}
			if p.ConfigPath != filepath.Join(root, ".ubp", "config.json") {
				t.Errorf("ConfigPath = %s", p.ConfigPath)
			}
			if len(p.Config.Exclude) != 1 || p.Config.Exclude[0] != "drafts/**" {
				t.Errorf("config not loaded: %+v", p.Config)
			}
		})
	}
	p, _ := Find(deep)
	if p.DocsDir() != filepath.Join(root, "docs") || p.DataDir() != filepath.Join(root, ".ubp") ||
		p.DBPath() != filepath.Join(root, ".ubp", "index.db") {
		t.Errorf("paths: docs %s data %s db %s", p.DocsDir(), p.DataDir(), p.DBPath())
	}
}

func TestFindProjectNearestWins(t *testing.T) {
	outer := t.TempDir()
	inner := filepath.Join(outer, "sub")
	if err := os.MkdirAll(filepath.Join(inner, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, r := range []string{outer, inner} {
		if _, _, err := Init(r, DefaultConfig()); err != nil {
			t.Fatal(err)
		}
	}
	p, err := Find(filepath.Join(inner, "x"))
	if err != nil || p.Root != inner {
		t.Fatalf("FindProject = %v, %v; want the inner project", p, err)
	}
}

func TestFindProjectNotFound(t *testing.T) {
	dir := t.TempDir()
	_, err := Find(dir)
	if err == nil {
		t.Fatal("FindProject in an empty temp dir succeeded")
	}
	// The message says what failed; the remedy is named, and the front
	// ends say it (internal/advice).
	want := "no ubp project found in " + dir + " or its parents"
	if err.Error() != want || answer.RemedyOf(err) != answer.RemedyInit {
		t.Errorf("error = %q with remedy %d, want %q with RemedyInit", err, answer.RemedyOf(err), want)
	}
}

func TestFindProjectBadConfig(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".ubp"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfgPath := filepath.Join(root, ".ubp", "config.json")
	if err := os.WriteFile(cfgPath, []byte(`{"search": {"alpha": 2}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Find(root)
	if err == nil || !strings.Contains(err.Error(), cfgPath+`:1: field "search.alpha": must be between 0 and 1`) {
		t.Fatalf("want the config error, got %v", err)
	}
}

func TestInitProjectNeverOverwrites(t *testing.T) {
	root := t.TempDir()
	cfg := DefaultConfig()
	cfg.DocsDir = "notes"
	p, created, err := Init(root, cfg)
	if err != nil || !created {
		t.Fatalf("first InitProject: created=%v err=%v", created, err)
	}
	before, err := os.ReadFile(p.ConfigPath)
	if err != nil {
		t.Fatal(err)
	}
	other := DefaultConfig()
	other.DocsDir = "elsewhere"
	p2, created, err := Init(root, other)
	if err != nil || created {
		t.Fatalf("second InitProject: created=%v err=%v", created, err)
	}
	if p2.Config.DocsDir != "notes" {
		t.Errorf("second InitProject returned docs_dir %q, want the existing %q", p2.Config.DocsDir, "notes")
	}
	after, _ := os.ReadFile(p.ConfigPath)
	if string(after) != string(before) {
		t.Errorf("config was rewritten:\n%s\nwas\n%s", after, before)
	}
	// A hand-edited (invalid) config is reported, never replaced.
	if err := os.WriteFile(p.ConfigPath, []byte(`{"docs_dir": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Init(root, DefaultConfig()); err == nil || !strings.Contains(err.Error(), `field "docs_dir"`) {
		t.Errorf("InitProject over an invalid config: %v", err)
	}
	if b, _ := os.ReadFile(p.ConfigPath); string(b) != `{"docs_dir": 3}` {
		t.Errorf("invalid config was overwritten: %s", b)
	}
}

func TestInitProjectValidatesBeforeWriting(t *testing.T) {
	root := t.TempDir()
	cfg := DefaultConfig()
	cfg.Exclude = []string{"[bad"}
	_, _, err := Init(root, cfg)
	if err == nil || !strings.Contains(err.Error(), `field "exclude[0]"`) {
		t.Fatalf("want an exclude[0] error, got %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, ".ubp", "config.json")); !os.IsNotExist(err) {
		t.Errorf("config written despite the error (stat: %v)", err)
	}
}

// TestDocsDirOutsideTheProject: ubp reads nothing outside the project, so
// a docs folder above the root or elsewhere is refused, by Find and Init
// alike, naming docs_dir; folders inside it (absolute or not) are fine.
func TestDocsDirOutsideTheProject(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "proj")
	for _, c := range []struct {
		docsDir string
		ok      bool
	}{
		{"docs", true},
		{".", true},
		{"a/../docs", true},
		{filepath.Join(root, "docs"), true},
		{"..", false},
		{"../", false},
		{"../other", false},
		{"docs/../..", false},
		{parent, false},
		{filepath.Join(parent, "other"), false},
	} {
		t.Run(c.docsDir, func(t *testing.T) {
			if err := os.RemoveAll(root); err != nil {
				t.Fatal(err)
			}
			cfg := DefaultConfig()
			cfg.DocsDir = c.docsDir
			_, _, err := Init(root, cfg)
			if (err == nil) != c.ok || (err != nil && !strings.Contains(err.Error(), `"docs_dir"`)) {
				t.Fatalf("Init with docs_dir %q: %v", c.docsDir, err)
			}
			if c.ok {
				return
			}
			// A configuration written by hand is refused when found.
			if err := os.MkdirAll(filepath.Join(root, ".ubp"), 0o755); err != nil {
				t.Fatal(err)
			}
			data := []byte(`{"docs_dir": ` + strconv.Quote(c.docsDir) + `}`)
			if err := os.WriteFile(filepath.Join(root, ".ubp", "config.json"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := Find(root); err == nil || !strings.Contains(err.Error(), "outside the project root") {
				t.Errorf("Find with docs_dir %q: %v", c.docsDir, err)
			}
		})
	}
}

// TestDocsDirSymlinkOutsideTheProject: a docs folder that is a symlink
// (or under one) leading outside the project is refused like "../", since
// ubp reads nothing outside the project, symlinks included; one leading to
// a folder inside the project is fine.
func TestDocsDirSymlinkOutsideTheProject(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "proj")
	secret := filepath.Join(parent, "secret")
	for _, d := range []string{filepath.Join(root, "real-docs"), secret} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(secret, filepath.Join(root, "docs")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real-docs", filepath.Join(root, "inside")); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.DocsDir = "docs"
	_, _, err := Init(root, cfg)
	t.Logf("Init: %v", err)
	if err == nil || !strings.Contains(err.Error(), `"docs_dir"`) || !strings.Contains(err.Error(), "symlink") {
		t.Errorf("Init with docs a symlink to %s: %v", secret, err)
	}
	cfg.DocsDir = "inside"
	if _, _, err := Init(root, cfg); err != nil {
		t.Errorf("Init with docs a symlink to a folder inside: %v", err)
	}
	// The configuration written, then the symlink pointed outside: refused when found.
	if err := os.Remove(filepath.Join(root, "inside")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(root, "inside")); err != nil {
		t.Fatal(err)
	}
	if _, err := Find(root); err == nil || !strings.Contains(err.Error(), "outside the project root") {
		t.Errorf("Find with docs now leading outside: %v", err)
	}
}

// TestInitKeepsTheIndexOutOfGit: init writes .ubp/.gitignore, so git
// tracks the configuration and nothing ubp builds (index.db, its journal
// files, the locks); a .gitignore already there is kept.
func TestInitKeepsTheIndexOutOfGit(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.DocsDir = "docs"
	if _, _, err := Init(root, cfg); err != nil {
		t.Fatal(err)
	}
	ignore := filepath.Join(root, ".ubp", ".gitignore")
	data, err := os.ReadFile(ignore)
	if err != nil || string(data) != dataGitignore {
		t.Fatalf(".ubp/.gitignore: %q, %v", data, err)
	}
	// With a real git, which the project's tests need (as the staleness
	// tests do): what it sees in .ubp.
	git, err := exec.LookPath("git")
	if err != nil {
		t.Fatalf("this test needs git on PATH: %v", err)
	}
	run := func(args ...string) (string, error) {
		out, err := exec.Command(git, append([]string{"-C", root}, args...)...).CombinedOutput()
		return string(out), err
	}
	if out, err := run("init", "-q"); err != nil {
		t.Fatalf("git init: %s %v", out, err)
	}
	for _, f := range []string{"index.db", "index.db-wal", "serve.lock", "index.lock"} {
		if err := os.WriteFile(filepath.Join(root, ".ubp", f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := run("status", "--porcelain", "--untracked-files=all", ".ubp")
	if err != nil {
		t.Fatalf("git status: %s %v", out, err)
	}
	if got := strings.Fields(out); len(got) != 4 || got[1] != ".ubp/.gitignore" || got[3] != ".ubp/config.json" {
		t.Errorf("git sees in .ubp: %q, want .gitignore and config.json only", out)
	}
	custom := []byte("index.db\n")
	if err := os.WriteFile(ignore, custom, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, ".ubp", "config.json")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Init(root, cfg); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(ignore); string(data) != string(custom) {
		t.Errorf("an existing .gitignore was replaced: %q", data)
	}
}
