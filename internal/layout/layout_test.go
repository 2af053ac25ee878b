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

// allowOnly allows imports of the given packages (and their subpackages)
// only.
func allowOnly(pkgs ...string) func(dep string) bool {
	return func(dep string) bool {
		for _, p := range pkgs {
			if under(dep, p) {
				return true
			}
		}
		return false
	}
}

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
		{"the parser does not list folders: discovery is index/discover's", func(p string) bool { return p == "index" },
			func(d string) bool { return d == "index" || d == "index/pathglob" }},
		{"path globs import nothing of ubp: configuration, discovery and source refs share them", func(p string) bool { return under(p, "index/pathglob") },
			func(d string) bool { return under(d, "index/pathglob") }},
		{"graph imports only index", func(p string) bool { return under(p, "graph") },
			func(d string) bool { return under(d, "graph") || under(d, "index") }},
		{"ranking is pure", func(p string) bool { return under(p, "ranking") },
			func(d string) bool { return under(d, "ranking") }},
		{"engine/query imports no engine package", func(p string) bool { return under(p, "engine/query") },
			func(d string) bool { return under(d, "engine/query") }},
		{"the text fold imports nothing of ubp: the index's SQL function and the queries share it", func(p string) bool { return under(p, "engine/query/textfold") },
			func(d string) bool { return under(d, "engine/query/textfold") }},
		{"engine imports nothing downstream (mcpserver, cmd) and no program", func(p string) bool { return under(p, "engine") },
			func(d string) bool {
				return under(d, "engine") || under(d, "index") || under(d, "graph") || under(d, "ranking") || under(d, "migrations") ||
					under(d, "internal/termsafe")
			}},
		{"the terminal's text (escapes, column widths) imports nothing of ubp: the CLI and the staleness report share it", func(p string) bool { return under(p, "internal/termsafe") },
			func(d string) bool { return under(d, "internal/termsafe") }},
		{"no package under engine imports the engine itself", func(p string) bool { return under(p, "engine") && p != "engine" },
			func(d string) bool { return d != "engine" }},
		{"engine/answer holds values: it imports only index and engine/stale", func(p string) bool { return under(p, "engine/answer") },
			func(d string) bool { return under(d, "engine/answer") || under(d, "index") || under(d, "engine/stale") }},
		{"the storage layer imports no retrieval, search, ranking, writer or read side", func(p string) bool { return under(p, "engine/internal/store") },
			allowOnly("engine/internal/store", "graph", "index", "engine/answer", "engine/embed", "migrations", "engine/query/textfold")},
		{"the storage layer's root imports only graph, migrations, the text fold its SQL function runs and the remedies on errors (engine/answer)", func(p string) bool { return p == "engine/internal/store" },
			allowOnly("engine/internal/store", "graph", "migrations", "engine/answer", "engine/query/textfold")},
		{"the stored vectors import only the storage layer, sqlbatch, the embedding arithmetic and the remedies on errors", func(p string) bool { return under(p, "engine/internal/store/vecstore") },
			allowOnly("engine/internal/store", "engine/internal/store/sqlbatch", "engine/embed", "migrations", "engine/answer")},
		{"the read side's statements import only the storage layer and the values they read into", func(p string) bool { return under(p, "engine/internal/store/pageread") },
			allowOnly("engine/internal/store", "engine/internal/store/sqlbatch", "engine/answer", "index", "graph")},
		{"the graph answers import no writer, read side, search or ranking", func(p string) bool { return under(p, "engine/internal/graphview") },
			allowOnly("engine/internal/graphview", "engine/internal/store", "engine/internal/docmeta", "engine/internal/linkwalk", "engine/answer", "index", "graph")},
		{"the index writer's storage imports only the storage layer, graph and the text fold", func(p string) bool { return under(p, "engine/internal/store/docwrite") },
			allowOnly("engine/internal/store", "graph", "engine/query/textfold")},
		{"the index writer imports no read side, no search and no ranking", func(p string) bool { return under(p, "engine/internal/writer") },
			allowOnly("engine/internal/writer", "engine/internal/store", "engine/answer", "engine/internal/docbody",
				"engine/internal/pageref", "engine/stale", "index", "graph", "engine/query/textfold")},
		{"the read side imports no writer, no search and no ranking", func(p string) bool { return under(p, "engine/internal/reader") },
			allowOnly("engine/internal/reader", "engine/internal/store", "engine/answer", "engine/internal/docbody",
				"engine/internal/pageref", "engine/freshness", "engine/stale", "index", "graph")},
		{"the staleness snapshot imports no writer, no read side and no ranking", func(p string) bool { return under(p, "engine/internal/stalesnap") },
			allowOnly("engine/internal/stalesnap", "engine/internal/store", "engine/answer", "engine/stale", "index")},
		{"the project and its configuration open no index", func(p string) bool { return under(p, "engine/project") },
			allowOnly("engine/project", "engine/embed", "engine/answer", "index", "ranking")},
		{"the queries' parameter checks are pure", func(p string) bool { return under(p, "engine/internal/params") },
			allowOnly("engine/internal/params", "engine/answer", "index")},
		{"what retrieval reads of documents imports no writer, read side or search", func(p string) bool { return under(p, "engine/internal/docmeta") },
			allowOnly("engine/internal/docmeta", "engine/internal/store", "engine/query", "index")},
		{"the stored rows of retrieval (sections, documents' metadata, links, full text) and of the staleness snapshot import only the storage layer, sqlbatch and index",
			func(p string) bool {
				return under(p, "engine/internal/store/sectionrows") || under(p, "engine/internal/store/docrows") ||
					under(p, "engine/internal/store/linkrows") || under(p, "engine/internal/store/stalerows") ||
					under(p, "engine/internal/store/ftsrows") || under(p, "engine/internal/store/latentrows")
			}, allowOnly("engine/internal/store", "engine/internal/store/sqlbatch", "index")},
		{"the latent space is pure", func(p string) bool { return under(p, "engine/internal/latent") },
			allowOnly("engine/internal/latent", "engine/query")},
		{"the latent signal reads the stored space only: no writer, read side, other retrieval or search", func(p string) bool { return under(p, "engine/internal/latentsearch") },
			allowOnly("engine/internal/latentsearch", "engine/internal/latent", "engine/internal/store", "engine/answer")},
		{"the latent step imports no writer, read side, retrieval or search", func(p string) bool { return under(p, "engine/internal/latentrun") },
			allowOnly("engine/internal/latentrun", "engine/internal/latent", "engine/internal/store")},
		{"full-text retrieval imports no writer, read side, vectors, search or ranking", func(p string) bool { return under(p, "engine/internal/fulltext") },
			allowOnly("engine/internal/fulltext", "engine/internal/store", "engine/internal/docmeta",
				"engine/answer", "engine/query", "engine/lexicon")},
		{"vector retrieval imports no writer, read side, full text, search or ranking", func(p string) bool { return under(p, "engine/internal/vecsearch") },
			allowOnly("engine/internal/vecsearch", "engine/internal/store", "engine/embed")},
		{"the link walk imports no writer, read side, search or ranking", func(p string) bool { return under(p, "engine/internal/linkwalk") },
			allowOnly("engine/internal/linkwalk", "engine/internal/store", "graph", "index")},
		{"the search pipeline reads through retrieval: no writer, read side or suggestions", func(p string) bool { return under(p, "engine/internal/search") },
			allowOnly("engine/internal/search", "engine/internal/store", "engine/internal/fulltext", "engine/internal/vecsearch",
				"engine/internal/linkwalk", "engine/internal/docmeta", "engine/internal/params",
				"engine/answer", "engine/stale", "engine/query", "graph", "index", "ranking")},
		{"link suggestions import no writer, read side or search", func(p string) bool { return under(p, "engine/internal/suggest") },
			allowOnly("engine/internal/suggest", "engine/internal/store", "engine/internal/docmeta", "engine/embed",
				"engine/answer", "engine/query", "graph")},
		{"the embedding step imports no writer, read side, retrieval or search", func(p string) bool { return under(p, "engine/internal/embedrun") },
			allowOnly("engine/internal/embedrun", "engine/internal/store", "engine/embed")},
		{"page lookup and stored bodies are pure", func(p string) bool {
			return under(p, "engine/internal/pageref") || under(p, "engine/internal/docbody")
		}, allowOnly("engine/internal/pageref", "engine/internal/docbody", "engine/answer", "index", "engine/query/textfold")},
		{"the embedding providers import only their own packages, the lexicon, the text fold, the function words and the remedies on errors", func(p string) bool { return under(p, "engine/embed") },
			allowOnly("engine/embed", "engine/lexicon", "engine/query/textfold", "engine/query/funcword", "engine/answer")},
		{"the function words import nothing of ubp: query parsing and the static model share them", func(p string) bool { return under(p, "engine/query/funcword") },
			func(d string) bool { return under(d, "engine/query/funcword") }},
		{"the advice is the front ends': no engine package imports it", func(p string) bool { return under(p, "engine") },
			func(d string) bool { return !under(d, "internal/advice") }},
		{"the advice imports only the remedies it renders", func(p string) bool { return under(p, "internal/advice") },
			allowOnly("internal/advice", "engine/answer")},
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
// parsing, the answers, the parameter checks, page lookup, stored bodies,
// the freshness comparison, the project's configuration and the CLI's
// renderers import no database driver; nor do the search pipeline, link
// suggestions and vector retrieval, which read only through the
// packages that hold their SQL (the retrieval packages, the storage layer).
func TestPurePackagesHoldNoSQL(t *testing.T) {
	pkgs := imports(t)
	pure := []string{"index", "graph", "ranking", "engine/query", "engine/answer", "engine/internal/params",
		"engine/internal/pageref", "engine/internal/docbody", "engine/freshness", "engine/project",
		"cmd/ubp/internal/graphtext", "engine/internal/search", "engine/internal/suggest", "engine/internal/vecsearch",
		"engine/internal/graphview", "engine/internal/latent", "engine/internal/latentsearch"}
	for _, p := range pure {
		t.Run(p, func(t *testing.T) {
			deps, ok := pkgs[p]
			if !ok {
				t.Errorf("package %s is gone: update the list", p)
				return
			}
			for _, sqlPkg := range []string{"database/sql", "github.com/mattn/go-sqlite3"} {
				if slices.Contains(deps, sqlPkg) {
					t.Errorf("%s imports %s", p, sqlPkg)
				}
			}
		})
	}
}
