package layout

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/ubp-dev/ubp/"

// imports lists every package of the module with the packages it imports
// (production code only: test imports do not count), module prefix cut.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the module root")
	}
	root := filepath.Join(filepath.Dir(file), "..", "..")
	cmd := exec.Command("go", "list", "-tags", "sqlite_fts5", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		name := strings.TrimPrefix(f[0], module)
		var deps []string
		for _, d := range f[1:] {
			deps = append(deps, strings.TrimPrefix(d, module))
		}
		pkgs[name] = deps
	}
	if len(pkgs) < 10 || pkgs["engine"] == nil {
		t.Fatalf("go list found %d packages: the test would prove nothing", len(pkgs))
	}
	return pkgs
}

// under reports whether pkg is p or one of its subpackages.
func under(pkg, p string) bool { return pkg == p || strings.HasPrefix(pkg, p+"/") }

// inModule reports whether an import (prefix cut) is one of ubp's packages.
func inModule(pkgs map[string][]string, dep string) bool { _, ok := pkgs[dep]; return ok }

func TestImportDirection(t *testing.T) {
	pkgs := imports(t)
	rules := []struct {
		name    string
		applies func(pkg string) bool
		allowed func(dep string) bool // for imports of ubp packages
	}{
		{"index imports no other ubp package", func(p string) bool { return under(p, "index") },
			func(d string) bool { return under(d, "index") }},
		{"graph imports only index", func(p string) bool { return under(p, "graph") },
			func(d string) bool { return under(d, "graph") || under(d, "index") }},
		{"ranking is pure", func(p string) bool { return under(p, "ranking") },
			func(d string) bool { return under(d, "ranking") }},
		{"engine/query imports no engine package", func(p string) bool { return under(p, "engine/query") },
			func(d string) bool { return under(d, "engine/query") }},
		{"engine imports nothing downstream (mcpserver, cmd) and no program", func(p string) bool { return under(p, "engine") },
			func(d string) bool {
				return under(d, "engine") || under(d, "index") || under(d, "graph") || under(d, "ranking") || under(d, "migrations")
			}},
		{"mcpserver imports no CLI code", func(p string) bool { return under(p, "mcpserver") },
			func(d string) bool { return !under(d, "cmd") }},
		{"nothing outside cmd imports cmd", func(p string) bool { return !under(p, "cmd") },
			func(d string) bool { return !under(d, "cmd") }},
	}
	for _, r := range rules {
		t.Run(r.name, func(t *testing.T) {
			checked := 0
			for pkg, deps := range pkgs {
				if !r.applies(pkg) {
					continue
				}
				checked++
				for _, d := range deps {
					if inModule(pkgs, d) && !r.allowed(d) {
						t.Errorf("%s imports %s", pkg, d)
					}
				}
			}
			if checked == 0 {
				t.Error("the rule applies to no package")
			}
		})
	}
}

// TestPurePackagesHoldNoSQL: parsing, link resolution, ranking, query
// parsing and the CLI's renderers import no database driver.
func TestPurePackagesHoldNoSQL(t *testing.T) {
	pkgs := imports(t)
	pure := []string{"index", "graph", "ranking", "engine/query", "cmd/ubp/internal/graphtext"}
	for _, p := range pure {
		deps, ok := pkgs[p]
		if !ok {
			t.Errorf("package %s is gone: update the list", p)
			continue
		}
		for _, sqlPkg := range []string{"database/sql", "github.com/mattn/go-sqlite3"} {
			if slices.Contains(deps, sqlPkg) {
				t.Errorf("%s imports %s", p, sqlPkg)
			}
		}
	}
}
