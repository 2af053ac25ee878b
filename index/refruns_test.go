package index

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestBoundRefRunsKeepsEveryDefinition checks that a long run of link
// reference definitions is split into paragraphs goldmark reads in linear
// time, that the same lines and bytes remain, and that a reference to any
// definition, the blanked ones included, is still a link.
func TestBoundRefRunsKeepsEveryDefinition(t *testing.T) {
	const n = 3*maxRefDefRun + 10
	var src strings.Builder
	for i := range n {
		fmt.Fprintf(&src, "[r%d]: /x%d.md \"Page %d\"\n", i, i, i)
	}
	// The blanked ones are the maxRefDefRun+1st of each run.
	src.WriteString("\nSee [one][r0], [two][r256], [three][r513] and [last][r" + fmt.Sprint(n-1) + "].\n")
	md, refs := boundRefRuns([]byte(src.String()))
	if len(md) != src.Len() || bytes.Count(md, []byte("\n")) != strings.Count(src.String(), "\n") {
		t.Fatalf("bounding changed the length or the lines")
	}
	if len(refs) != 3 || string(refs[0].Label()) != "r256" || string(refs[0].Destination()) != "/x256.md" ||
		string(refs[0].Title()) != "Page 256" || string(refs[1].Label()) != "r513" {
		t.Errorf("blanked definitions %v, want r256, r513, r770", refs)
	}
	if again, more := boundRefRuns(md); more != nil || !bytes.Equal(again, md) {
		t.Errorf("bounding is not a fixed point: %d more blanked", len(more))
	}
	doc := mustParse(t, "refs.md", src.String())
	var got []string
	for _, l := range doc.Links {
		got = append(got, l.Target)
	}
	if want := []string{"/x0.md", "/x256.md", "/x513.md", fmt.Sprintf("/x%d.md", n-1)}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("links %v, want %v", got, want)
	}
	// Headings (get-page's outline) read a heading naming a blanked one.
	if hs := Headings(src.String() + "\n## [Heading][r256]\n"); len(hs) != 1 || hs[0].Text != "Heading" {
		t.Errorf("Headings = %+v, want the one heading", hs)
	}
}

func TestRefDefinition(t *testing.T) {
	for _, tc := range []struct {
		line              string
		ok                bool
		label, dest, titl string
	}{
		{"[a]: /x.md", true, "a", "/x.md", ""},
		{"   [Some Label]: <a b.md> 'T'", true, "Some Label", "a b.md", "T"},
		{"[a]: x.md (paren title)  \r", true, "a", "x.md", "paren title"},
		{"    [a]: x.md", false, "", "", ""}, // indented code
		{"[a]:", false, "", "", ""},
		{"[a] x.md", false, "", "", ""},
		{"[a]: x.md trailing words", false, "", "", ""},
		{"[[a]]: x.md", false, "", "", ""},
		{"[]: x.md", false, "", "", ""},
		{"text [a]: x.md", false, "", "", ""},
	} {
		ref, ok := refDefinition([]byte(tc.line))
		if ok != tc.ok {
			t.Errorf("%q: ok %v, want %v", tc.line, ok, tc.ok)
			continue
		}
		if ok && (string(ref.Label()) != tc.label || string(ref.Destination()) != tc.dest || string(ref.Title()) != tc.titl) {
			t.Errorf("%q: %q %q %q, want %q %q %q", tc.line, ref.Label(), ref.Destination(), ref.Title(), tc.label, tc.dest, tc.titl)
		}
	}
}

func FuzzBoundRefRuns(f *testing.F) {
	for _, s := range []string{"", "[a]: b\n", strings.Repeat("[a]: b\n", maxRefDefRun+2), "[a]: <b> 'c'\r\n[x]:y\n",
		strings.Repeat("[a]: b 'c'\n", maxRefDefRun) + "[z]: \n[y]: w"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		md, refs := boundRefRuns(src)
		if len(md) != len(src) || bytes.Count(md, []byte("\n")) != bytes.Count(src, []byte("\n")) {
			t.Fatal("bounding changed the length or the lines")
		}
		if refs == nil && !bytes.Equal(md, src) {
			t.Fatal("changed without blanking a definition")
		}
		if again, more := boundRefRuns(md); more != nil || !bytes.Equal(again, md) {
			t.Fatal("bounding is not a fixed point")
		}
	})
}
