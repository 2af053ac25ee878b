package layout

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// adviceText is how a command the user should run starts in a message.
const adviceText = "run `ubp "

// envReads are the calls of package os that read the process environment.
var envReads = map[string]bool{"Getenv": true, "LookupEnv": true, "Environ": true, "ExpandEnv": true}

// envExceptions are the packages outside cmd/ that may read the
// environment, each with the one call it may make and why.
var envExceptions = []struct{ pkg, call, why string }{
	{"engine/stale", "Environ", "the git processes it starts get ubp's environment (git reads its own " +
		"variables there) plus GIT_OPTIONAL_LOCKS and LC_ALL; ubp reads no variable from it"},
	{"internal/fixture", "Getenv", "test support (tests and make eval only): UBP_SHARED locates the " +
		"shared corpora, and the switches of the slow tests"},
	{"internal/evalrun", "Getenv", "the make eval program, a front end like the CLI: it passes os.Getenv " +
		"to the engine, so that -provider openai reads its API key as ubp does"},
	{"internal/benchscale", "Environ", "the make bench-scale program: the ubp and qmd processes it starts " +
		"get its environment"},
}

// TestFrontEndsOwnAdviceAndEnvironment: what the user should run (a ubp
// command line) is written by the front ends only, the CLI (cmd/) and
// internal/advice, which the CLI and the MCP server share; the library
// names a remedy instead (answer.Remedy). The environment is read by the
// CLI and passed in (engine.OpenOptions.Getenv), never read by a library
// package, except the few listed in envExceptions.
func TestFrontEndsOwnAdviceAndEnvironment(t *testing.T) {
	adviceSeen, envSeen := 0, 0
	used := map[int]bool{}
	scanned := eachSource(t, func(fset *token.FileSet, pkg string, f *ast.File) {
		osName := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "os" {
				osName = "os"
				if imp.Name != nil {
					osName = imp.Name.Name
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					return true
				}
				if s, err := strconv.Unquote(n.Value); err != nil || !strings.Contains(s, adviceText) {
					return true
				}
				if under(pkg, "cmd") || under(pkg, "internal/advice") {
					adviceSeen++
					return true
				}
				t.Errorf("%s: a command line to run in a library message (name an answer.Remedy; the front ends say it through internal/advice)",
					fset.Position(n.Pos()))
			case *ast.SelectorExpr:
				x, ok := n.X.(*ast.Ident)
				if !ok || osName == "" || x.Name != osName || !envReads[n.Sel.Name] {
					return true
				}
				if under(pkg, "cmd") {
					envSeen++
					return true
				}
				for i, ex := range envExceptions {
					if ex.pkg == pkg && ex.call == n.Sel.Name {
						used[i] = true
						return true
					}
				}
				t.Errorf("%s: os.%s in a library package (take the value, or a Getenv func, from the caller: see engine.OpenOptions.Getenv)",
					fset.Position(n.Pos()), n.Sel.Name)
			}
			return true
		})
	})
	for i, ex := range envExceptions {
		if !used[i] {
			t.Errorf("%s no longer calls os.%s: remove its exception", ex.pkg, ex.call)
		}
	}
	if scanned < 100 || adviceSeen < 5 || envSeen < 2 {
		t.Fatalf("scanned %d files and found %d advice texts and %d environment reads in the front ends: the test would prove nothing",
			scanned, adviceSeen, envSeen)
	}
}
