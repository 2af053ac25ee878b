package stale

import (
	"bytes"
	"testing"
)

const goSymbols = `package p

import "fmt"

// Single is one const.
const Single = 1

// Group doc (not part of a spec's text).
const (
	// A is first.
	A = iota // zeroth
	B
)

var x, y = 1, 2

// List is generic.
type List[T any] struct{ items []T }

// Push appends.
func (l *List[T]) Push(v T) { l.items = append(l.items, v) }

// Map is generic with two parameters.
type Map[K comparable, V any] map[K]V

// Get reads.
func (m Map[K, V]) Get(k K) V { return m[k] }

type (
	// Inner is grouped.
	Inner struct{}
)

func (Inner) Value() int { return 1 }

func init() { fmt.Println(1) }

func init() { fmt.Println(2) }

// Push is also a function.
func Push() {}
`

func TestDeclText(t *testing.T) {
	tests := []struct {
		symbol string
		want   string // "" when not found
	}{
		{"Single", "// Single is one const.\nconst Single = 1"},
		{"A", "// A is first.\n\tA = iota // zeroth"},
		{"B", "B"},
		{"x", "var x, y = 1, 2"},
		{"y", "var x, y = 1, 2"},
		{"List", "// List is generic.\ntype List[T any] struct{ items []T }"},
		{"List.Push", "// Push appends.\nfunc (l *List[T]) Push(v T) { l.items = append(l.items, v) }"},
		{"Push", "// Push is also a function.\nfunc Push() {}"},
		{"Map.Get", "// Get reads.\nfunc (m Map[K, V]) Get(k K) V { return m[k] }"},
		{"Inner", "// Inner is grouped.\n\tInner struct{}"},
		{"Inner.Value", "func (Inner) Value() int { return 1 }"},
		{"init", "func init() { fmt.Println(1) }\nfunc init() { fmt.Println(2) }"},
		{"Missing", ""},
		{"List.Missing", ""},
		{"Missing.Push", ""},
		{"Single.Push", ""},
		{"fmt", ""},
	}
	for _, tt := range tests {
		t.Run(tt.symbol, func(t *testing.T) {
			text, found, err := declText("p.go", []byte(goSymbols), tt.symbol)
			if err != nil {
				t.Fatalf("%s: %v", tt.symbol, err)
			}
			if found != (tt.want != "") || string(text) != tt.want {
				t.Errorf("%s: found %v text %q, want %q", tt.symbol, found, text, tt.want)
			}
		})
	}
}

func TestDeclTextSyntaxError(t *testing.T) {
	src := "package p\n\nfunc Good() int { return 1 }\n\nfunc Bad( {\n"
	text, found, err := declText("p.go", []byte(src), "Good")
	if err == nil {
		t.Error("no syntax error reported")
	}
	if !found || string(text) != "func Good() int { return 1 }" {
		t.Errorf("the declaration before the error: %v %q", found, text)
	}
	if _, found, _ := declText("p.go", []byte("not go at all"), "X"); found {
		t.Error("found a declaration in garbage")
	}
}

func FuzzDeclText(f *testing.F) {
	f.Add([]byte(goSymbols), "List.Push")
	f.Add([]byte(goV1), "Limit")
	f.Add([]byte("package p\nfunc (*) X() {}\n"), "X")
	f.Add([]byte("package p\ntype T[ struct{}\n"), "T")
	f.Fuzz(func(t *testing.T, src []byte, symbol string) {
		text, found, _ := declText("f.go", src, symbol)
		if found && !bytes.Contains(src, bytes.SplitN(text, []byte("\n"), 2)[0]) {
			t.Errorf("text %q is not from the source", text)
		}
		if !found && text != nil {
			t.Errorf("text %q without a declaration", text)
		}
	})
}
