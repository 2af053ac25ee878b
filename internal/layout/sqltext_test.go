package layout

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// sqlStatement matches a string literal that is (or starts) an SQL
// statement: a keyword that opens one, followed by what such a statement
// has next.
var sqlStatement = regexp.MustCompile(`(?is)^\s*(SELECT\s.+\sFROM\s|SELECT\s+(count|max|min|sum|total|1|coalesce|\?|EXISTS)\b|INSERT\s+(OR\s+\w+\s+)?INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|CREATE\s+(TABLE|INDEX|VIRTUAL|TEMP|TRIGGER|VIEW|UNIQUE)|DROP\s+(TABLE|INDEX|VIEW|TRIGGER)|ALTER\s+TABLE|PRAGMA\s|WITH\s+(RECURSIVE\s+)?\w+\s*(\(|AS\b)|REPLACE\s+INTO\s)`)

// sqlHome reports whether a package may hold SQL text: the storage layer
// (engine/internal/store and its subpackages) and the migrations.
func sqlHome(pkg string) bool {
	return under(pkg, "engine/internal/store") || under(pkg, "migrations")
}

// TestSQLOnlyInTheStorageLayer: every SQL statement of production code is
// written in the storage layer; the writer, the read side, retrieval,
// search and the engine call it and hold no statement of their own.
func TestSQLOnlyInTheStorageLayer(t *testing.T) {
	inStore := 0
	scanned := eachSource(t, func(fset *token.FileSet, pkg string, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !sqlStatement.MatchString(s) {
				return true
			}
			if sqlHome(pkg) {
				inStore++
				return true
			}
			first, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
			t.Errorf("%s: SQL outside the storage layer: %q", fset.Position(lit.Pos()), first)
			return true
		})
	})
	if scanned < 100 || inStore < 10 {
		t.Fatalf("scanned %d files and found %d statements in the storage layer: the test would prove nothing", scanned, inStore)
	}
}
