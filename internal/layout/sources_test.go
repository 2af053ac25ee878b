package layout

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// eachSource parses every production .go file of the module (test files,
// testdata, node_modules and hidden folders left out) and calls fn with
// the file's package path (module prefix cut, "engine/internal/store") and
// its syntax; it returns how many files it parsed.
func eachSource(t *testing.T, fn func(fset *token.FileSet, pkg string, f *ast.File)) int {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the module root")
	}
	root := filepath.Join(filepath.Dir(file), "..", "..")
	fset := token.NewFileSet()
	parsed := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		parsed++
		fn(fset, filepath.ToSlash(filepath.Dir(rel)), f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return parsed
}
