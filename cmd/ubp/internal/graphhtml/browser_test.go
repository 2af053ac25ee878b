package graphhtml

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine"
)

// screenshotDir is where the browser tests leave their screenshots for a
// person to look at: $UBP_SCREENSHOT_DIR, else a folder in the system's
// temporary directory (printed by the test).
func screenshotDir(t testing.TB) string {
	if d := os.Getenv("UBP_SCREENSHOT_DIR"); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), "ubp-graphhtml-screenshots")
}

// writePage writes the page for d to a temporary file and returns its
// file:// URL.
func writePage(t testing.TB, d Data, title string) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, d, title); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "graph.html")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return "file://" + filepath.ToSlash(path)
}

// openPage loads url in a fresh headless Chromium and waits until the
// view says it is ready.
func openPage(t testing.TB, url string) *browser {
	t.Helper()
	b := startBrowser(t, 1400, 900)
	b.navigate(url)
	b.waitFor("the graph to render", `document.body.dataset.ready === "1"`)
	return b
}

func noProblems(t testing.TB, b *browser) {
	t.Helper()
	for _, p := range b.problems() {
		t.Errorf("page: %s", p)
	}
}

func bodyInt(t testing.TB, b *browser, key string) int {
	t.Helper()
	var s string
	b.eval(`document.body.dataset.`+key+` || ""`, &s)
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("body data-%s = %q, want a number", key, s)
	}
	return n
}

func detailsNode(b *browser) string {
	var id string
	b.eval(`document.getElementById("details").dataset.nodeId`, &id)
	return id
}

func detailsText(b *browser) string {
	var s string
	b.eval(`document.getElementById("details").innerText`, &s)
	return strings.ToLower(s) // headings are upper-cased by CSS
}

func nodeID(t testing.TB, d Data, path string) string {
	t.Helper()
	for _, n := range d.Nodes {
		if n.Path == path {
			return n.ID
		}
	}
	t.Fatalf("no node for %s", path)
	return ""
}

// TestBrowserFixture loads the page for the fixture project in headless
// Chromium with the network blocked and drives it over the DevTools
// protocol: every node and edge is drawn, nothing is requested from
// outside the file, the console stays clean, search (by title, path and
// alias), click, filters and the details panel work; a screenshot is
// written.
func TestBrowserFixture(t *testing.T) {
	d := fixtureData(t, "", 0)
	if len(d.Nodes) != 10 || len(d.Edges) != 13 {
		t.Fatalf("fixture graph has %d nodes and %d edges, want 10 and 13 (see testdata/data_whole.golden.json)", len(d.Nodes), len(d.Edges))
	}
	b := openPage(t, writePage(t, d, "fixture graph"))

	t.Run("counts", func(t *testing.T) {
		if got := bodyInt(t, b, "nodes"); got != len(d.Nodes) {
			t.Errorf("%d nodes drawn, want %d", got, len(d.Nodes))
		}
		if got := bodyInt(t, b, "edges"); got != len(d.Edges) {
			t.Errorf("%d edges drawn, want %d", got, len(d.Edges))
		}
		var onCanvas int
		b.eval(`ubpGraph.nodes().filter(n => { const p = n.renderedPosition(); return p.x >= 0 && p.y >= 0 && p.x <= ubpGraph.width() && p.y <= ubpGraph.height(); }).length`, &onCanvas)
		if onCanvas != len(d.Nodes) {
			t.Errorf("%d of %d nodes inside the visible canvas after fit", onCanvas, len(d.Nodes))
		}
		if n := b.requests()["file"]; n != 1 {
			t.Errorf("%d file requests, want 1 (the page itself)", n)
		}
		// The header counts edges, each standing for every link of one type
		// from one document to another: it said "13 links", fewer than the
		// links ubp status counts when a page links a page twice; and its
		// one dangling target was "1 dangling targets".
		var summary string
		b.eval(`document.getElementById("summary").textContent`, &summary)
		dangling := 0
		for _, n := range d.Nodes {
			if n.Dangling {
				dangling++
			}
		}
		if dangling != 1 {
			t.Fatalf("fixture graph has %d dangling targets, want 1 (the singular is checked)", dangling)
		}
		if want := fmt.Sprintf("%d documents, %d edges, 1 dangling target", len(d.Nodes)-1, len(d.Edges)); summary != want {
			t.Errorf("summary %q, want %q", summary, want)
		}
	})

	shot := filepath.Join(screenshotDir(t), "fixture.png")
	b.screenshot(shot)
	t.Logf("screenshot: %s", shot)

	t.Run("click a node", func(t *testing.T) {
		id := nodeID(t, d, "http-api.md")
		var xy [2]float64
		b.eval(fmt.Sprintf(`(() => { const p = ubpGraph.getElementById(%q).renderedPosition(); const r = document.getElementById("cy").getBoundingClientRect(); return [r.left + p.x, r.top + p.y]; })()`, id), &xy)
		b.click(xy[0], xy[1])
		b.waitFor("the details of the clicked node", fmt.Sprintf(`document.getElementById("details").dataset.nodeId === %q`, id))
		text := detailsText(b)
		for _, want := range []string{"HTTP API", "http-api.md", "api", "stale", "src/http.go (line 5): deleted", "Links to (1)", "references → Storage", "Linked from (1)", "conflicts_with ← Query guide"} {
			if !strings.Contains(text, strings.ToLower(want)) {
				t.Errorf("details lack %q:\n%s", want, text)
			}
		}
	})

	t.Run("details show tags and aliases", func(t *testing.T) {
		id := nodeID(t, d, "architecture.md")
		var xy [2]float64
		b.eval(`ubpGraph.fit(undefined, 30), true`, nil)
		b.eval(fmt.Sprintf(`(() => { const p = ubpGraph.getElementById(%q).renderedPosition(); const r = document.getElementById("cy").getBoundingClientRect(); return [r.left + p.x, r.top + p.y]; })()`, id), &xy)
		b.click(xy[0], xy[1])
		b.waitFor("the details of the clicked node", fmt.Sprintf(`document.getElementById("details").dataset.nodeId === %q`, id))
		text := detailsText(b)
		for _, want := range []string{"Architecture", "possibly stale", "src/store.go (line 5): modified", "architecture", "overview", "system overview", "depends_on → Storage", "references → Roadmap"} {
			if !strings.Contains(text, strings.ToLower(want)) {
				t.Errorf("details lack %q:\n%s", want, text)
			}
		}
	})

	for _, tc := range []struct{ query, path string }{
		{"query g", "guides/query.md"},         // title
		{"adr-001", "adr/001-sqlite.md"},       // alias
		{"http-api.md", "http-api.md"},         // path
		{"SYSTEM OVERVIEW", "architecture.md"}, // alias, any case
	} {
		t.Run("search "+tc.query, func(t *testing.T) {
			b.eval(`(() => { const s = document.getElementById("search"); s.value = ""; s.focus(); return true; })()`, nil)
			b.typeText(tc.query, false)
			b.waitFor("search results", `document.querySelectorAll("#search-results li").length > 0`)
			b.typeText("", true)
			want := nodeID(t, d, tc.path)
			b.waitFor("the found node's details", fmt.Sprintf(`document.getElementById("details").dataset.nodeId === %q`, want))
			var selected []string
			b.eval(`ubpGraph.$(":selected").map(n => n.id())`, &selected)
			if len(selected) != 1 || selected[0] != want {
				t.Errorf("selected %v, want [%s]", selected, want)
			}
		})
	}

	t.Run("search for a dangling target", func(t *testing.T) {
		b.eval(`(() => { const s = document.getElementById("search"); s.value = ""; s.focus(); return true; })()`, nil)
		b.typeText("roadmap", true)
		b.waitFor("the dangling node's details", `document.getElementById("details").dataset.nodeId === "dangling:Roadmap"`)
		if text := detailsText(b); !strings.Contains(text, "dangling") || !strings.Contains(text, "linked from (2)") {
			t.Errorf("details of the dangling target:\n%s", text)
		}
	})

	t.Run("filters", func(t *testing.T) {
		toggle := func(group, value string) {
			b.eval(fmt.Sprintf(`document.querySelector('input[data-filter=%q][value=%q]').click(), true`, group, value), nil)
		}
		toggle("staleness", "untracked")
		want := 0
		for _, n := range d.Nodes {
			if n.Staleness != "untracked" {
				want++
			}
		}
		if got := bodyInt(t, b, "visibleNodes"); got != want {
			t.Errorf("%d nodes visible without untracked ones, want %d", got, want)
		}
		var drawn int // what cytoscape itself will draw
		b.eval(`ubpGraph.nodes().filter(n => n.style("display") !== "none").length`, &drawn)
		if drawn != want {
			t.Errorf("cytoscape draws %d nodes without untracked ones, want %d", drawn, want)
		}
		toggle("staleness", "untracked")
		toggle("doc_type", "design")
		if got := bodyInt(t, b, "visibleNodes"); got != len(d.Nodes)-2 {
			t.Errorf("%d nodes visible without designs, want %d", got, len(d.Nodes)-2)
		}
		toggle("doc_type", "design")
		toggle("link_type", "references")
		refs := 0
		for _, e := range d.Edges {
			if e.Type == "references" {
				refs++
			}
		}
		if got := bodyInt(t, b, "visibleEdges"); got != len(d.Edges)-refs {
			t.Errorf("%d edges visible without references, want %d", got, len(d.Edges)-refs)
		}
		toggle("link_type", "references")
		if got := bodyInt(t, b, "visibleEdges"); got != len(d.Edges) {
			t.Errorf("%d edges visible with every filter on, want %d", got, len(d.Edges))
		}
	})

	t.Run("legend", func(t *testing.T) {
		var labels string
		b.eval(`document.getElementById("sidebar").innerText`, &labels)
		for _, want := range []string{"fresh", "possibly stale", "stale", "untracked", "dangling link target", "spec", "design", "adr", "guide", "api", "meeting", "todo", "other", "references", "depends_on", "implements", "extends", "conflicts_with"} {
			if !strings.Contains(labels, want) {
				t.Errorf("legend lacks %q:\n%s", want, labels)
			}
		}
	})

	noProblems(t, b)
}

// TestBrowserCentre opens the page of a --center/--depth graph: the centre
// is selected and its details shown from the start.
func TestBrowserCentre(t *testing.T) {
	d := fixtureData(t, "storage.md", 1)
	b := openPage(t, writePage(t, d, "around Storage"))
	if got := bodyInt(t, b, "nodes"); got != len(d.Nodes) {
		t.Errorf("%d nodes drawn, want %d", got, len(d.Nodes))
	}
	if got, want := detailsNode(b), nodeID(t, d, "storage.md"); got != want {
		t.Errorf("details show %q, want the centre %q", got, want)
	}
	var summary string
	b.eval(`document.getElementById("summary").textContent`, &summary)
	if !strings.Contains(summary, "around “Storage”, depth 1") {
		t.Errorf("summary %q does not name the centre and depth", summary)
	}
	noProblems(t, b)
}

// TestBrowserEmpty opens the page of a project with no documents.
func TestBrowserEmpty(t *testing.T) {
	b := openPage(t, writePage(t, Build(engine.GraphResult{}, nil, "", 0), "empty"))
	if got := bodyInt(t, b, "nodes"); got != 0 {
		t.Errorf("%d nodes drawn, want 0", got)
	}
	if text := detailsText(b); !strings.Contains(text, "no documents") {
		t.Errorf("details say %q, want a note that the graph is empty", text)
	}
	noProblems(t, b)
}

// TestBrowserLarge draws a generated graph of 3,000 documents and about
// 9,000 links, past the size (2,000) where the page switches to its
// large-graph drawing: every node and edge is there, search and details
// work, and zooming in adds labels and arrowheads to what is in view.
// BenchmarkBrowserLoad10k measures the same at 10,000 documents.
func TestBrowserLarge(t *testing.T) {
	const n = 3000
	d := generatedData(n)
	b := openPage(t, writePage(t, d, "generated"))
	if got := bodyInt(t, b, "nodes"); got != n {
		t.Errorf("%d nodes drawn, want %d", got, n)
	}
	if got := bodyInt(t, b, "edges"); got != len(d.Edges) {
		t.Errorf("%d edges drawn, want %d", got, len(d.Edges))
	}
	var detailed int
	b.eval(`ubpGraph.elements(".detail").length`, &detailed)
	if detailed != 0 {
		t.Errorf("%d elements drawn in detail with the whole graph in view, want 0", detailed)
	}
	b.eval(`(() => { const s = document.getElementById("search"); s.focus(); return true; })()`, nil)
	b.typeText("Document 2042", true)
	b.waitFor("the found node's details", `document.getElementById("details").dataset.nodeId === "d2042"`)
	b.waitFor("labels and arrowheads in view after zooming in", `ubpGraph.getElementById("d2042").hasClass("detail") && ubpGraph.getElementById("d2042").connectedEdges(".detail").length > 0`)
	var style []string
	b.eval(`(() => { const n = ubpGraph.getElementById("d2042"); const e = n.connectedEdges(".detail")[0]; return [n.style("label"), e.style("target-arrow-shape")]; })()`, &style)
	if len(style) != 2 || style[0] != "Document 2042" || style[1] != "triangle" {
		t.Errorf("zoomed-in node label and edge arrowhead are %q, want the title and a triangle", style)
	}
	var far bool // a node far out of view stays plain
	b.eval(`(() => { const e = ubpGraph.extent(); return ubpGraph.nodes().some(n => { const p = n.position(); return (p.x < e.x1 - 500 || p.x > e.x2 + 500) && !n.hasClass("detail"); }); })()`, &far)
	if !far {
		t.Error("nodes out of view are drawn in detail too")
	}
	b.screenshot(filepath.Join(screenshotDir(t), "generated-3000.png"))
	noProblems(t, b)
}

// BenchmarkBrowserLoad10k loads the page of a generated graph of 10,000
// documents and about 30,000 links in headless Chromium and reports the
// time from navigation to the first drawn frame (ms-to-frame) and the
// page's main-thread CPU time until then (cpu-ms). The layout's own cost
// is BenchmarkLayout10k.
func BenchmarkBrowserLoad10k(b *testing.B) {
	d := generatedData(10_000)
	url := writePage(b, d, "10k")
	var frame, cpu float64
	for i := 0; i < b.N; i++ {
		br := startBrowser(b, 1400, 900)
		br.call(br.session, "Performance.enable", map[string]any{"timeDomain": "threadTicks"}, nil)
		br.navigate(url)
		br.waitFor("the graph to render", `document.body.dataset.ready === "1"`)
		var tm map[string]float64
		br.eval(`window.ubpTimings`, &tm)
		var m struct {
			Metrics []struct {
				Name  string  `json:"name"`
				Value float64 `json:"value"`
			} `json:"metrics"`
		}
		br.call(br.session, "Performance.getMetrics", map[string]any{}, &m)
		for _, x := range m.Metrics {
			if x.Name == "ThreadTime" {
				cpu += x.Value * 1000
			}
		}
		frame += tm["rendered"]
		if got := bodyInt(b, br, "nodes"); got != 10_000 {
			b.Fatalf("%d nodes drawn", got)
		}
		if i == 0 {
			br.screenshot(filepath.Join(screenshotDir(b), "generated-10k.png"))
		}
		noProblems(b, br)
	}
	b.ReportMetric(frame/float64(b.N), "ms-to-frame")
	b.ReportMetric(cpu/float64(b.N), "cpu-ms")
}

// generatedData is a graph of n documents shaped like a documentation set
// (see genEdges), with every doc_type and staleness level, laid out as
// Build does.
func generatedData(n int) Data {
	types := []string{"spec", "design", "adr", "guide", "api", "meeting", "todo", "other"}
	levels := []string{"fresh", "fresh", "fresh", "untracked", "possibly_stale", "stale"}
	edges := genEdges(n, 3)
	linkTypes := []string{"references", "references", "depends_on", "implements", "extends", "conflicts_with"}
	d := Data{Nodes: make([]Node, n)}
	for i := range d.Nodes {
		d.Nodes[i] = Node{
			ID: fmt.Sprintf("d%d", i), Path: fmt.Sprintf("area%d/doc-%d.md", i%40, i), Title: fmt.Sprintf("Document %d", i),
			DocType: types[i%len(types)], Staleness: levels[i%len(levels)],
		}
	}
	seen := map[[2]int]bool{}
	for k, e := range edges {
		if e[0] == e[1] || seen[e] {
			continue
		}
		seen[e] = true
		d.Nodes[e[1]].Backlinks++
		d.Edges = append(d.Edges, Edge{Source: d.Nodes[e[0]].ID, Target: d.Nodes[e[1]].ID, Type: linkTypes[k%len(linkTypes)]})
	}
	xy := Layout(n, edges, LayoutOptions{})
	for i := range d.Nodes {
		d.Nodes[i].X, d.Nodes[i].Y = xy[i][0], xy[i][1]
	}
	return d
}
