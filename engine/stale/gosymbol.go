package stale

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
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
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments|parser.SkipObjectResolution)
	if f == nil {
		return nil, false, err
	}
	recv, name, isMethod := strings.Cut(symbol, ".")
	if !isMethod {
		name, recv = recv, ""
	}
	file := fset.File(f.Pos())
	slice := func(from, to token.Pos) []byte {
		a, b := file.Offset(from), file.Offset(to)
		if a < 0 || b > len(src) || a > b {
			return nil
		}
		return src[a:b]
	}
	var parts [][]byte
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Name.Name != name || (d.Recv != nil) != isMethod {
				continue
			}
			if isMethod && receiverName(d.Recv) != recv {
				continue
			}
			parts = append(parts, slice(startWithDoc(d.Doc, d.Pos()), d.End()))
		case *ast.GenDecl:
			if isMethod {
				continue
			}
			for _, s := range d.Specs {
				if !specDeclares(s, name) {
					continue
				}
				if !d.Lparen.IsValid() {
					// One spec without parentheses: the whole declaration,
					// with the doc comment written above the keyword.
					parts = append(parts, slice(startWithDoc(d.Doc, d.Pos()), d.End()))
					continue
				}
				doc, comment := specComments(s)
				end := s.End()
				if comment != nil && comment.End() > end {
					end = comment.End()
				}
				parts = append(parts, slice(startWithDoc(doc, s.Pos()), end))
			}
		}
	}
	if len(parts) == 0 {
		return nil, false, err
	}
	return bytes.Join(parts, []byte("\n")), true, err
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

func specDeclares(s ast.Spec, name string) bool {
	switch s := s.(type) {
	case *ast.TypeSpec:
		return s.Name.Name == name
	case *ast.ValueSpec:
		for _, n := range s.Names {
			if n.Name == name {
				return true
			}
		}
	}
	return false
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
