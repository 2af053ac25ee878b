package stale

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
)

// declText returns the source text of the Go declaration named symbol in
// src, from its doc comment to its end (a trailing line comment of a
// grouped spec included): a function, a method written Type.Method, a type,
// or a const or var. Several declarations of one name (init functions) are
// joined. A file with syntax errors is searched as far as it parsed, and
// parseErr says what was wrong; found is false when no declaration has
// that name.
//
// Line ends are LF: a CRLF work tree (Windows, core.autocrlf) holds the
// same declaration as the LF text git stores, and until 2026-11-27 every
// multi-line declaration there was "modified" under the git baseline.
func declText(filename string, src []byte, symbol string) (text []byte, found bool, parseErr error) {
	text, found, parseErr = declTextAsWritten(filename, src, symbol)
	return lfOnly(text), found, parseErr
}

// lfOnly is text with its CRLF line ends made LF (text itself when it has
// none).
func lfOnly(text []byte) []byte {
	if !bytes.Contains(text, []byte("\r\n")) {
		return text
	}
	return bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n"))
}

// declTextAsWritten is declText with the file's own line ends.
func declTextAsWritten(filename string, src []byte, symbol string) (text []byte, found bool, parseErr error) {
	d := parseFileDecls(filename, src)
	text, found = d.byName[symbol]
	return text, found, d.parseErr
}

// fileDecls are the declarations of one Go file by the name a ref gives
// them (Name, or Type.Method for a method), each as declText finds it but
// with the file's own line ends: parsed once, looked up for any number of
// refs.
type fileDecls struct {
	byName   map[string][]byte
	parseErr error
}

// text is declText's answer for symbol.
func (d fileDecls) text(symbol string) (text []byte, found bool) {
	text, found = d.byName[symbol]
	return lfOnly(text), found
}

// parseFileDecls parses src and collects its declarations (see declText); a
// file with syntax errors is collected as far as it parsed, with parseErr.
func parseFileDecls(filename string, src []byte) fileDecls {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments|parser.SkipObjectResolution)
	if f == nil {
		return fileDecls{parseErr: err}
	}
	file := fset.File(f.Pos())
	slice := func(from, to token.Pos) []byte {
		a, b := file.Offset(from), file.Offset(to)
		if a < 0 || b > len(src) || a > b {
			return nil
		}
		return src[a:b]
	}
	byName := map[string][]byte{}
	add := func(name string, text []byte) {
		if prev, ok := byName[name]; ok {
			// Several declarations of one name (init functions): joined.
			text = bytes.Join([][]byte{prev, text}, []byte("\n"))
		}
		byName[name] = text
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil {
				name = receiverName(d.Recv) + "." + name
			}
			add(name, slice(startWithDoc(d.Doc, d.Pos()), d.End()))
		case *ast.GenDecl:
			for _, s := range d.Specs {
				var text []byte
				if !d.Lparen.IsValid() {
					// One spec without parentheses: the whole declaration,
					// with the doc comment written above the keyword.
					text = slice(startWithDoc(d.Doc, d.Pos()), d.End())
				} else {
					doc, comment := specComments(s)
					end := s.End()
					if comment != nil && comment.End() > end {
						end = comment.End()
					}
					text = slice(startWithDoc(doc, s.Pos()), end)
				}
				for _, name := range specNames(s) {
					add(name, text)
				}
			}
		}
	}
	return fileDecls{byName: byName, parseErr: err}
}

func startWithDoc(doc *ast.CommentGroup, pos token.Pos) token.Pos {
	if doc != nil && doc.Pos() < pos {
		return doc.Pos()
	}
	return pos
}

// receiverName is the type name of a method receiver: T for t T, *T, T[K]
// and *T[K, V].
func receiverName(fl *ast.FieldList) string {
	if fl == nil || len(fl.List) == 0 {
		return ""
	}
	t := fl.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// specNames are the names a type or value spec declares, each once.
func specNames(s ast.Spec) []string {
	switch s := s.(type) {
	case *ast.TypeSpec:
		return []string{s.Name.Name}
	case *ast.ValueSpec:
		names := make([]string, 0, len(s.Names))
		for _, n := range s.Names {
			if !slices.Contains(names, n.Name) {
				names = append(names, n.Name)
			}
		}
		return names
	}
	return nil
}

func specComments(s ast.Spec) (doc, comment *ast.CommentGroup) {
	switch s := s.(type) {
	case *ast.TypeSpec:
		return s.Doc, s.Comment
	case *ast.ValueSpec:
		return s.Doc, s.Comment
	}
	return nil, nil
}
