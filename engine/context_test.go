package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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
