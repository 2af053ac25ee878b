package engine

import (
	"fmt"
	"testing"
)

// TestSearchLinkedPagesAreBounded: a result lists at most MaxLinkedPages
// of the pages it links with, outlinks first, and counts them all in
// linked_total (a hub page linked with 58 others made one answer 1.4 MB).
func TestSearchLinkedPagesAreBounded(t *testing.T) {
	files := map[string]string{"hub.md": "# Hub\n\nThe zanzibar hub links [[out-a]] and [[out-b]].\n"}
	files["out-a.md"], files["out-b.md"] = "# Out A\n\nText.\n", "# Out B\n\nText.\n"
	for i := range 15 {
		files[fmt.Sprintf("in-%02d.md", i)] = fmt.Sprintf("# In %d\n\nSee [[hub]].\n", i)
	}
	e := searchProject(t, files, "none")
	res := mustSearch(t, e, SearchOptions{Query: "zanzibar", IncludeLinked: true})
	if len(res.Results) == 0 || res.Results[0].Filepath != "hub.md" {
		t.Fatalf("results %+v, want hub.md first", res.Results)
	}
	hub := res.Results[0]
	if len(hub.LinkedPages) != MaxLinkedPages || hub.LinkedTotal != 17 {
		t.Fatalf("%d linked pages, total %d; want %d of 17", len(hub.LinkedPages), hub.LinkedTotal, MaxLinkedPages)
	}
	if hub.LinkedPages[0].Direction != "outlink" || hub.LinkedPages[1].Direction != "outlink" || hub.LinkedPages[2].Direction != "backlink" {
		t.Errorf("linked pages %+v, want the outlinks first", hub.LinkedPages[:3])
	}
	for _, r := range res.Results[1:] {
		if r.LinkedTotal != 0 {
			t.Errorf("%s: linked_total %d with %d listed, want it absent when all are listed", r.Filepath, r.LinkedTotal, len(r.LinkedPages))
		}
	}
}
