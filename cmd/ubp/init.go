package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/termsafe"
)

func (a *app) initCommand() *cobra.Command {
	var docsDir string
	var include, exclude []string
	cmd := &cobra.Command{
		Use:   "init [--docs-dir DIR] [--include GLOB]... [--exclude GLOB]...",
		Short: "Create .ubp/config.json in the current folder and build the first index",
		Long: `Create .ubp/config.json in the current folder (the project root) and index the
docs folder. An existing configuration is never overwritten: on an initialised
project, init says so and re-indexes.

Globs are relative to the docs folder and may use ** (for example drafts/**).`,
		Example: `  ubp init --docs-dir docs
  ubp init --docs-dir . --exclude 'archive/**'`,
		Args: noArgs(func(arg string) string { return "name the docs folder with --docs-dir " + shellQuote(arg) }),
		RunE: func(cmd *cobra.Command, _ []string) error {
			root, err := a.workDir()
			if err != nil {
				return err
			}
			if filepath.IsAbs(docsDir) {
				// An absolute folder inside the project is written as the
				// relative path the configuration keeps.
				rel, err := filepath.Rel(root, docsDir)
				if err != nil || !filepath.IsLocal(rel) && rel != "." {
					return usagef("--docs-dir %s: outside the project %s; the docs folder must be inside it", docsDir, root)
				}
				docsDir = filepath.ToSlash(rel)
			}
			cfg := engine.DefaultConfig()
			cfg.DocsDir = docsDir
			cfg.Include = include
			cfg.Exclude = append(cfg.Exclude, exclude...)
			if st, err := os.Stat(filepath.Join(root, docsDir)); err != nil {
				return usagef("--docs-dir %s: no such folder under %s", docsDir, root)
			} else if !st.IsDir() {
				return usagef("--docs-dir %s: a file, not a folder", docsDir)
			}
			p, created, err := engine.InitProject(root, cfg)
			if err != nil {
				return err
			}
			if created {
				a.infof("Created %s\n", p.ConfigPath)
			} else {
				a.infof("Already initialised: %s is kept as it is; re-indexing.\n", p.ConfigPath)
				// Flags the kept configuration overrides are said not to
				// apply (even with --quiet): a user re-running init to
				// change settings believed it had.
				for _, name := range []string{"docs-dir", "include", "exclude"} {
					if cmd.Flags().Changed(name) {
						fmt.Fprint(a.stderr, termsafe.Text(fmt.Sprintf("ubp: --%s was not applied: the project keeps %s; edit it to change %s\n",
							name, p.ConfigPath, strings.ReplaceAll(name, "-", "_"))))
					}
				}
			}
			e, err := engine.Open(cmd.Context(), p, engine.OpenOptions{Getenv: os.Getenv, OnUpgrade: a.announceUpgrade})
			if err != nil {
				return err
			}
			defer e.Close()
			rep, err := a.runIndex(cmd.Context(), e, engine.IndexOptions{})
			if err != nil {
				return err
			}
			if rep.Added+rep.Updated+rep.Unchanged+rep.Renamed == 0 {
				// Said even with --quiet: every search would answer
				// "no results" and nothing would say why.
				fmt.Fprint(a.stderr, termsafe.Text(fmt.Sprintf("ubp: warning: no Markdown files (.md, .markdown, .mdx) under %s: check --docs-dir (docs_dir), include and exclude in %s\n",
					p.DocsDir(), p.ConfigPath)))
			}
			if a.jsonOut {
				return printJSON(a.stdout, struct {
					ProjectRoot string             `json:"project_root"`
					ConfigPath  string             `json:"config_path"`
					Created     bool               `json:"created"`
					Index       engine.IndexReport `json:"index"`
				}{p.Root, p.ConfigPath, created, rep})
			}
			a.printIndexReport(rep)
			if !a.quiet {
				fmt.Fprintln(a.stdout)
				fmt.Fprint(a.stdout, mcpSetupText(p.Root, executablePath()))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&docsDir, "docs-dir", "docs", "folder holding the Markdown documents, relative to the project root")
	f.StringArrayVar(&include, "include", nil, "only index files matching `GLOB` (repeatable)")
	f.StringArrayVar(&exclude, "exclude", nil, "skip files matching `GLOB` (repeatable)")
	return cmd
}

// executablePath is the absolute path of the running ubp binary, for the
// MCP set-up snippets.
func executablePath() string {
	p, err := os.Executable()
	if err != nil {
		return "ubp"
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	return p
}

// mcpSetupText shows how to connect the usual MCP clients to this project,
// with absolute paths filled in.
func mcpSetupText(root, bin string) string {
	return fmt.Sprintf(`Connect an AI agent (MCP):
  Claude Code:     claude mcp add ubp -- %[4]s serve -C %[3]s
                   or .mcp.json in the project:
                   {"mcpServers": {"ubp": {"command": %[2]q, "args": ["serve", "-C", %[1]q]}}}
  Cursor:          .cursor/mcp.json with the same "mcpServers" block
  Claude Desktop:  add the same "mcpServers" block to claude_desktop_config.json
  HTTP:            %[4]s serve -C %[3]s --http 127.0.0.1:7000   (endpoint http://127.0.0.1:7000/mcp)
`, root, bin, shellQuote(root), shellQuote(bin))
}

// shellQuote writes s as one word of a POSIX shell command line: as it is
// when it holds only characters no shell treats specially, else in single
// quotes. The commands init prints are pasted into a shell; a project path
// with a space split into two arguments.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_/.:@%+=,-", r) || r > 0x7f)
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
