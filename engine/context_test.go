package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// compactJSON is how GetContext measures its size.
func compactJSON(t *testing.T, v any) int {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Len() - 1
}

func TestGetContextNeighboursNearestFirst(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	res, err := e.GetContext(context.Background(), ContextOptions{Page: "designs/search.md", Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Center.Filepath != "designs/search.md" || !strings.Contains(res.Center.Content, "Reciprocal rank fusion") {
		t.Fatalf("center %+v", res.Center)
	}
	var got []string
	for _, r := range res.Related {
		line := strings.Join([]string{r.Filepath, r.Direction, string(r.LinkType)}, " ") + " " + string(rune('0'+r.Depth))
		if r.Via != "" {
			line += " via " + r.Via
		}
		got = append(got, line)
		if r.Summary == "" {
			t.Errorf("%s has no summary", r.Filepath)
		}
	}
	want := []string{
		"designs/graph.md outlink depends_on 1",
		"designs/storage.md outlink references 1",
		// The link that reaches it: it links to storage.md (a backlink of
		// storage.md), not one from the centre's side.
		"adr/0001-sqlite.md backlink depends_on 2 via designs/storage.md",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("related:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if res.TruncatedCount != 0 || res.TotalSize != compactJSON(t, res) {
		t.Errorf("total_size %d (JSON is %d), truncated %d", res.TotalSize, compactJSON(t, res), res.TruncatedCount)
	}
}

func TestGetContextMaxSize(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	ctx := context.Background()
	full, err := e.GetContext(ctx, ContextOptions{Page: "Search Ranking"}) // by title
	if err != nil {
		t.Fatal(err)
	}
	last := full.Related[len(full.Related)-1]
	budget := full.TotalSize - 1 // one byte too many: the farthest goes
	res, err := e.GetContext(ctx, ContextOptions{Page: "designs/search.md", MaxSize: budget})
	if err != nil {
		t.Fatal(err)
	}
	if res.TruncatedCount != 1 || len(res.Related) != len(full.Related)-1 {
		t.Fatalf("truncated %d, %d related; want the farthest one dropped", res.TruncatedCount, len(res.Related))
	}
	for _, r := range res.Related {
		if r.Filepath == last.Filepath {
			t.Errorf("farthest neighbour %s kept", last.Filepath)
		}
	}
	if res.Center.Truncated || res.TotalSize > budget || res.TotalSize != compactJSON(t, res) {
		t.Errorf("size %d (JSON %d) budget %d, center truncated %v", res.TotalSize, compactJSON(t, res), budget, res.Center.Truncated)
	}

	// A budget below the centre alone drops every neighbour, then cuts the
	// centre's content.
	tiny, err := e.GetContext(ctx, ContextOptions{Page: "designs/search.md", MaxSize: 300})
	if err != nil {
		t.Fatal(err)
	}
	if len(tiny.Related) != 0 || tiny.TruncatedCount != len(full.Related) || !tiny.Center.Truncated {
		t.Fatalf("tiny: %d related, truncated %d, center truncated %v", len(tiny.Related), tiny.TruncatedCount, tiny.Center.Truncated)
	}
	if tiny.TotalSize > 300 || tiny.TotalSize != compactJSON(t, tiny) || !strings.HasPrefix(full.Center.Content, tiny.Center.Content) {
		t.Errorf("tiny size %d (JSON %d); content must be a prefix", tiny.TotalSize, compactJSON(t, tiny))
	}
}

func TestGetContextErrors(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	ctx := context.Background()
	_, err := e.GetContext(ctx, ContextOptions{Page: ""})
	wantArgError(t, err, "page")
	_, err = e.GetContext(ctx, ContextOptions{Page: "designs/search.md", Depth: 4})
	wantArgError(t, err, "depth")
	_, err = e.GetContext(ctx, ContextOptions{Page: "designs/search.md", MaxSize: -5})
	wantArgError(t, err, "max_size")
	_, err = e.GetContext(ctx, ContextOptions{Page: "no/such.md"})
	var nf *NotFoundError
	if !errors.As(err, &nf) {
		t.Errorf("unknown page: err = %v, want *NotFoundError", err)
	}
}

// TestGetContextReadsWithinTheBudget: a hub page's neighbourhood is read
// only as far as the budget holds, and the answer is the one reading every
// neighbour and fitting it would give: the same neighbours, nearest first,
// the same count of those left out, the same size.
func TestGetContextReadsWithinTheBudget(t *testing.T) {
	files := map[string]string{"hub.md": "# Hub\n\nThe centre.\n"}
	for i := range 150 {
		files[fmt.Sprintf("p%03d.md", i)] = fmt.Sprintf("# Page %d\n\nLinks to [[hub]] and [[q%03d]]. %s\n", i, i, strings.Repeat("Words. ", 40))
		files[fmt.Sprintf("q%03d.md", i)] = fmt.Sprintf("# Leaf %d\n\nA leaf two hops away.\n", i)
	}
	e := searchProject(t, files, "none")
	ctx := context.Background()
	all, err := e.GetContext(ctx, ContextOptions{Page: "hub", Depth: 2, MaxSize: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Related) != 300 || all.TruncatedCount != 0 {
		t.Fatalf("whole neighbourhood: %d related, %d truncated; want 300, 0", len(all.Related), all.TruncatedCount)
	}
	for _, size := range []int{10, 500, 3000, 20000, 60000, 400000} {
		want, err := all.Fit(size)
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.GetContext(ctx, ContextOptions{Page: "hub", Depth: 2, MaxSize: size})
		if err != nil {
			t.Fatal(err)
		}
		if exact, err := got.Size(); err != nil || exact != got.TotalSize {
			t.Errorf("max %d: total_size %d, but the JSON has %d bytes", size, got.TotalSize, exact)
		}
		if got.TotalSize != want.TotalSize || got.TruncatedCount != want.TruncatedCount || len(got.Related) != len(want.Related) || got.Center.Truncated != want.Center.Truncated {
			t.Errorf("max %d: size %d, %d related, %d truncated; want %d, %d, %d", size,
				got.TotalSize, len(got.Related), got.TruncatedCount, want.TotalSize, len(want.Related), want.TruncatedCount)
			continue
		}
		for i := range got.Related {
			if got.Related[i] != want.Related[i] {
				t.Errorf("max %d: neighbour %d = %+v, want %+v", size, i, got.Related[i], want.Related[i])
				break
			}
		}
	}
}
