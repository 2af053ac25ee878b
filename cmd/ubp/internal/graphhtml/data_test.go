package graphhtml

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// goldenJSON is d as indented JSON with what may differ between machines
// normalised: document ids (generated per index) become "doc:<path>" and
// positions (floating point, checked by the layout tests) become 0.
func goldenJSON(t *testing.T, d Data) []byte {
	t.Helper()
	ids := map[string]string{}
	for _, n := range d.Nodes {
		if !n.Dangling {
			ids[n.ID] = "doc:" + n.Path
		} else {
			ids[n.ID] = n.ID
		}
	}
	for i := range d.Nodes {
		d.Nodes[i].ID = ids[d.Nodes[i].ID]
		d.Nodes[i].X, d.Nodes[i].Y = 0, 0
	}
	for i := range d.Edges {
		d.Edges[i].Source, d.Edges[i].Target = ids[d.Edges[i].Source], ids[d.Edges[i].Target]
	}
	if d.Center != "" {
		d.Center = ids[d.Center]
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(d); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it); got:\n%s", path, got)
	}
}

// TestDataGolden compares the graph data embedded in the page for the
// fixture project, whole and around one document.
func TestDataGolden(t *testing.T) {
	for _, tc := range []struct {
		name   string
		center string
		depth  int
	}{
		{"data_whole.golden.json", "", 0},
		{"data_center_storage_1.golden.json", "storage.md", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkGolden(t, tc.name, goldenJSON(t, fixtureData(t, tc.center, tc.depth)))
		})
	}
}

// TestWriteSelfContained checks the page holds the library, the data and
// no reference to anything outside itself, and that no title can close
// the script element holding the data.
func TestWriteSelfContained(t *testing.T) {
	d := fixtureData(t, "", 0)
	var buf bytes.Buffer
	if err := Write(&buf, d, `graph <of> "docs"`); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{
		"<title>graph &lt;of&gt; &#34;docs&#34;</title>",
		"Content-Security-Policy",
		"The Cytoscape Consortium",
		`id="ubp-graph-data"`,
		`Loose notes \u003cwith\u003e \"quotes\" \u0026 \u003c/script\u003e`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n := strings.Count(strings.ToLower(page), "</script"); n != 3 {
		t.Errorf("page has %d '</script', want 3 (library, data, view)", n)
	}
	for _, bad := range []string{"http://", "https://", "src=\"", "href=\"http"} {
		if i := strings.Index(page[:strings.Index(page, "<script>")], bad); i >= 0 {
			t.Errorf("page head refers outside itself: %q", bad)
		}
	}
	if strings.Contains(page, "{{") && strings.Contains(page, "{{DATA}}") {
		t.Error("a placeholder was left in the page")
	}
}

// TestLayout checks layout properties that hold on every machine: finite,
// deterministic, no two nodes on one spot, and linked nodes closer than
// unlinked ones on average.
func TestLayout(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		edges [][2]int
	}{
		{"empty", 0, nil},
		{"one", 1, nil},
		{"pair", 2, [][2]int{{0, 1}}},
		{"no links", 20, nil},
		{"self and out of range links", 3, [][2]int{{0, 0}, {1, 7}, {-1, 2}, {1, 2}}},
		{"generated 500", 500, genEdges(500, 3)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := Layout(tc.n, tc.edges, LayoutOptions{})
			b := Layout(tc.n, tc.edges, LayoutOptions{})
			if len(a) != tc.n {
				t.Fatalf("%d positions, want %d", len(a), tc.n)
			}
			seen := map[[2]float64]int{}
			for i, p := range a {
				if math.IsNaN(p[0]) || math.IsNaN(p[1]) || math.IsInf(p[0], 0) || math.IsInf(p[1], 0) {
					t.Fatalf("node %d at %v", i, p)
				}
				if p != b[i] {
					t.Fatalf("node %d at %v then %v: not deterministic", i, p, b[i])
				}
				if j, ok := seen[p]; ok {
					t.Errorf("nodes %d and %d both at %v", j, i, p)
				}
				seen[p] = i
			}
			if tc.n == 500 {
				linked := 0.0
				for _, e := range tc.edges {
					linked += dist(a[e[0]], a[e[1]])
				}
				linked /= float64(len(tc.edges))
				all, pairs := 0.0, 0
				for i := 0; i < tc.n; i += 7 {
					for j := i + 1; j < tc.n; j += 11 {
						all += dist(a[i], a[j])
						pairs++
					}
				}
				all /= float64(pairs)
				if linked >= 0.6*all { // random placement gives about 1
					t.Errorf("linked nodes %.0f apart on average, all pairs %.0f: the layout does not cluster", linked, all)
				}
			}
		})
	}
}

func dist(a, b [2]float64) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }

// genEdges links n nodes like a documentation set: node i belongs to area
// i%40 (a folder), and each node links to about perNode earlier nodes,
// four in five in its own area, the others anywhere with a preference for
// low indices (hubs), with a deterministic pseudo-random sequence.
func genEdges(n, perNode int) [][2]int {
	const areas = 40
	var edges [][2]int
	x := uint64(88172645463325252)
	next := func() uint64 { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x }
	uniform := func() float64 { return float64(next()%1_000_000) / 1_000_000 }
	for i := 1; i < n; i++ {
		for k := 0; k < perNode; k++ {
			var j int
			if m := i / areas; m > 0 && next()%5 != 0 {
				// An earlier node of the same area, nearer ones more often.
				u := uniform()
				j = i - areas*(1+int(u*u*float64(m-1)))
			} else {
				// Squaring the uniform draw favours early (hub) nodes.
				u := uniform()
				j = int(u * u * float64(i))
			}
			edges = append(edges, [2]int{i, j})
		}
	}
	return edges
}

// BenchmarkLayout10k lays out a generated graph of 10,000 documents and
// about 30,000 links, as Build does for `--format html`.
func BenchmarkLayout10k(b *testing.B) {
	edges := genEdges(10_000, 3)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Layout(10_000, edges, LayoutOptions{})
	}
}
