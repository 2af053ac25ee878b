package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/termsafe"
)

// Exit codes.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// app carries what every command shares: global flags and the streams.
type app struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer

	jsonOut bool
	quiet   bool
	dir     string // -C
	noColor bool
	// cmdPath is the command that failed ("ubp status"), for the hint.
	cmdPath string
	// failed is the command that failed, whose flags name the engine's
	// parameters in errors.
	failed *cobra.Command

	// builtIndex is set when this command built the index itself (a
	// fresh clone, an unpacked archive): an index baseline is then only
	// moments old.
	builtIndex bool
}

// usageError marks an error as bad usage (exit 2). hint, when set, is
// what to do instead (printError adds the command's help).
type usageError struct {
	err  error
	hint string
}

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

func usagef(format string, args ...any) error { return usageError{err: fmt.Errorf(format, args...)} }

// exitCodeError lets a command choose its exit code without printing an
// error (ubp stale --exit-code).
type exitCodeError struct{ code int }

func (e exitCodeError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// run executes the CLI and returns the process exit code. It never panics
// outward: errors are printed as one line plus a hint (or JSON with --json).
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr}
	_, a.noColor = os.LookupEnv("NO_COLOR")
	root := a.rootCommand()
	// --json is looked for before parsing (and after rootCommand, which
	// sets the flag's default), so that an unknown command or a bad flag
	// value, which stop cobra before it parses --json, still answer with a
	// JSON error object.
	a.jsonOut = jsonRequested(args)
	root.SetArgs(args)
	defer func() {
		if r := recover(); r != nil {
			a.printError(fmt.Errorf("internal error: %v", r))
			code = exitError
		}
	}()
	if helpRequested(args) {
		// cobra shows the help of the command it found, the root's for
		// a word naming no command (`ubp fulltext --help` printed ubp's
		// help and exited 0): say the word names no command, as without
		// --help.
		if c, rest, err := root.Find(args); err == nil && c == root {
			_ = c.ParseFlags(rest) // pflag.ErrHelp: the words are read all the same
		}
		if root.Flags().NArg() > 0 {
			a.printError(unknownCommand(root, root.Flags().Arg(0)))
			return exitUsage
		}
	}
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return exitOK
	}
	var ec exitCodeError
	if errors.As(err, &ec) {
		return ec.code
	}
	if ctx.Err() != nil {
		// Stopped by SIGINT or SIGTERM: whatever the error the stop caused
		// on its way out (a context canceled, a statement on a closed
		// transaction, naming the file being written as if it were at
		// fault), the user only needs to know it stopped, and that the
		// index holds what was committed.
		a.printError(errInterrupted)
		return exitInterrupted
	}
	if cmd != nil {
		a.cmdPath = cmd.CommandPath()
		a.failed = cmd
	}
	a.printError(err)
	return exitCodeFor(err)
}

// exitInterrupted is the exit code of a command stopped by a signal (128 +
// SIGINT, as shells report it).
const exitInterrupted = 130

// errInterrupted is what a command stopped by SIGINT or SIGTERM says.
var errInterrupted = errors.New("interrupted: the index keeps what was written before the stop; `ubp index` completes it")

// codedError is an error with its own exit code (ubp stale exits 2 on
// errors, as CI scripts expect).
type codedError struct {
	err  error
	code int
}

func (c codedError) Error() string { return c.err.Error() }
func (c codedError) Unwrap() error { return c.err }

func exitCodeFor(err error) int {
	var ce codedError
	if errors.As(err, &ce) {
		return ce.code
	}
	var ue usageError
	var ae *engine.ArgumentError
	if errors.As(err, &ue) || errors.As(err, &ae) || isCobraUsage(err) {
		return exitUsage
	}
	return exitError
}

// isCobraUsage recognises cobra's own usage errors (unknown command, wrong
// number of arguments), which it does not type.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "accepts ", "requires at least", "unknown flag", "unknown shorthand flag"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "ubp",
		Short: "Markdown design docs as a searchable knowledge graph for AI agents",
		Long: `ubp (Unified Blueprint) turns a folder of Markdown design docs, specs and ADRs
into a knowledge graph (documents, sections, typed wiki-links) in .ubp/index.db,
searches it with a hybrid of vectors, graph proximity and full text, and serves
it to AI agents over MCP.

Commands never answer from an index behind the files: a missing index is built
first, and files changed since the last index are re-indexed before answering.

Start with:  ubp init --docs-dir docs
Then:        ubp search "how are files watched"   or   ubp serve`,
		Version:       buildVersion(),
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if err := a.checkFormatConflict(cmd); err != nil {
				return err
			}
			if err := checkEmptyFlags(cmd); err != nil {
				return err
			}
			return checkFlagBounds(cmd)
		},
	}
	// --version prints what `ubp version` prints ("ubp VERSION"); cobra's
	// own said "ubp version VERSION".
	root.SetVersionTemplate("ubp {{.Version}}\n")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return cleanFlagError(err) })
	pf := root.PersistentFlags()
	pf.BoolVar(&a.jsonOut, "json", false, "print results and errors as JSON on stdout")
	pf.BoolVarP(&a.quiet, "quiet", "q", false, "print nothing but results and errors")
	pf.StringVarP(&a.dir, "directory", "C", "", "run as if ubp was started in `DIR`")
	root.AddCommand(
		a.initCommand(),
		a.indexCommand(),
		a.statusCommand(),
		a.listPagesCommand(),
		a.getPageCommand(),
		a.searchCommand(),
		a.getContextCommand(),
		a.getGraphCommand(),
		a.suggestLinksCommand(),
		a.staleCommand(),
		a.serveCommand(),
		a.versionCommand(),
	)
	root.SetIn(a.stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	// help and completion are made now rather than by Execute, so that
	// guardGroups reaches them too (after SetOut: completion keeps the
	// stream it is made with).
	root.SetHelpCommand(helpTopicCommand())
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	if c := findSubcommand(root, "completion"); c != nil {
		c.Example = "  ubp completion bash\n  ubp completion zsh --help"
	}
	guardGroups(root)
	return root
}

// workDir is the directory commands start from: -C or the current one.
func (a *app) workDir() (string, error) {
	d := a.dir
	if d == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("find the current directory: %w", err)
		}
		d = wd
	}
	abs, err := filepath.Abs(d)
	if err != nil {
		return "", fmt.Errorf("resolve -C %q: %w", d, err)
	}
	st, err := os.Stat(abs)
	if err != nil || !st.IsDir() {
		return "", usagef("-C %s: not a directory", d)
	}
	return abs, nil
}

// openEngine finds the project from the working directory and opens its
// index. The caller closes the engine. created says the index file did
// not exist before: no entry at all, for a symlink to a missing file (a
// disk not mounted) is the user's, not one to delete when the open fails.
func (a *app) openEngine(ctx context.Context) (e *engine.Engine, created bool, err error) {
	wd, err := a.workDir()
	if err != nil {
		return nil, false, err
	}
	p, err := engine.FindProject(wd)
	if err != nil {
		return nil, false, err
	}
	_, statErr := os.Lstat(p.DBPath())
	created = errors.Is(statErr, fs.ErrNotExist)
	e, err = engine.Open(ctx, p, engine.OpenOptions{Getenv: os.Getenv, OnUpgrade: a.announceUpgrade})
	if err != nil && created {
		removeIndexFiles(p.DBPath())
	}
	return e, created, err
}

// withEngine opens the engine for a read command, makes sure the index is
// not behind the files (see ensureFresh, mode freshCheck), runs fn and
// closes the engine.
func (a *app) withEngine(ctx context.Context, fn func(e *engine.Engine) error) error {
	return a.withEngineMode(ctx, freshCheck, fn)
}

// withEngineMode is withEngine with a chosen freshness mode.
func (a *app) withEngineMode(ctx context.Context, mode freshMode, fn func(e *engine.Engine) error) error {
	if mode == freshCheck {
		defer setGCPercent(readGCPercent)()
	}
	e, created, err := a.openEngine(ctx)
	if err != nil {
		return err
	}
	err = a.ensureFresh(ctx, e, mode)
	if err == nil {
		err = fn(e)
	}
	// An index this command created and could not build goes, unless
	// another process built it meanwhile: no empty index.db is left. A
	// build stopped by SIGINT or SIGTERM (ctx done) keeps what it
	// committed, as the interruption message says and a killed run does:
	// the next run finds those documents unchanged and adds the rest.
	remove := false
	if err != nil && created && ctx.Err() == nil {
		built, berr := e.Built(context.WithoutCancel(ctx))
		remove = berr == nil && !built
	}
	if cerr := e.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if remove {
		removeIndexFiles(e.Project().DBPath())
	}
	return err
}

// infof prints a progress or information line on stderr unless --quiet.
// announceUpgrade says on stderr that the index is being migrated, which
// a large index may take seconds to do.
func (a *app) announceUpgrade(from, to int) {
	a.infof("ubp: upgrading the index from schema %d to %d (once; a large index takes a while)\n", from, to)
}

func (a *app) infof(format string, args ...any) {
	if a.quiet {
		return
	}
	fmt.Fprint(a.stderr, termsafe.Text(fmt.Sprintf(format, args...)))
}
