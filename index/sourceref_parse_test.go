package index

import "testing"

// TestParseSourceRefKeepsSpaceBeforeHash: a ref's text is kept as written
// (trimmed at its ends only), so a file whose name holds " #" can be
// referenced: the path before the last '#' kept its trailing space
// trimmed, and "notes/c #.md" became notes/c#.md, another file.
func TestParseSourceRefKeepsSpaceBeforeHash(t *testing.T) {
	for _, tc := range []struct {
		in, path, symbol, text string
	}{
		{in: "notes/c #.md", path: "notes/c ", symbol: ".md", text: "notes/c #.md"},
		{in: "  notes/c #.md  ", path: "notes/c ", symbol: ".md", text: "notes/c #.md"},
		{in: "src/a.go#Foo", path: "src/a.go", symbol: "Foo", text: "src/a.go#Foo"},
		{in: "pkg/a#b.go#Sym", path: "pkg/a#b.go", symbol: "Sym", text: "pkg/a#b.go#Sym"},
		{in: "src/", path: "src/", text: "src/"},
	} {
		ref, ok := parseSourceRef(tc.in, 3)
		if !ok || ref.Path != tc.path || ref.Symbol != tc.symbol || ref.String() != tc.text || ref.Line != 3 {
			t.Errorf("parseSourceRef(%q) = %+v (%q), %v; want path %q symbol %q, written %q",
				tc.in, ref, ref.String(), ok, tc.path, tc.symbol, tc.text)
		}
	}
}
