package engine

import (
	"context"
	"strings"
	"testing"
)

func TestSectionTexts(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	ctx := context.Background()
	res, err := e.Search(ctx, SearchOptions{Query: "graph", Fulltext: true})
	if err != nil || len(res.Results) == 0 {
		t.Fatalf("search: %v %+v", err, res)
	}
	var ids []int64
	for _, h := range res.Results {
		for _, s := range h.Sections {
			ids = append(ids, s.SectionID)
		}
	}
	texts, err := e.SectionTexts(ctx, append(ids, 999999))
	if err != nil {
		t.Fatal(err)
	}
	if len(texts) != len(ids) {
		t.Errorf("%d texts for %d sections", len(texts), len(ids))
	}
	for _, h := range res.Results {
		for _, s := range h.Sections {
			if !strings.Contains(texts[s.SectionID], s.Heading) {
				t.Errorf("section %d text does not hold its heading %q: %.80q", s.SectionID, s.Heading, texts[s.SectionID])
			}
		}
	}
	if _, ok := texts[999999]; ok {
		t.Error("a missing section has a text")
	}
}
