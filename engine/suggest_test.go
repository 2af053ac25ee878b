package engine

import (
	"context"
	"testing"
)

func TestSuggestLinksByKeywords(t *testing.T) {
	docs := map[string]string{
		"a.md": "# Cache\n\n## Eviction\n\nThe cache evicts entries with least recently used eviction when memory pressure rises above the watermark threshold.\n",
		"b.md": "# Memory\n\n## Pressure\n\nWhen memory pressure rises above the watermark threshold the cache evicts least recently used entries.\n",
		"c.md": "# Linked\n\n## Pressure\n\nWhen memory pressure rises above the watermark threshold the cache evicts least recently used entries. See [[a]].\n",
		"d.md": "# Other\n\n## Topic\n\nDeployment pipelines build container images, sign them and push releases to registries.\n",
	}
	e := searchProject(t, docs, "none")
	got, err := e.SuggestLinks(context.Background(), SuggestOptions{MinScore: 0.3})
	if err != nil {
		t.Fatal(err)
	}
	pairs := map[string]float64{}
	for _, s := range got {
		pairs[s.SourceFilepath+" "+s.TargetFilepath] = s.Score
		if s.SourceHeading == "" || s.SourceLine == 0 || s.TargetLine == 0 {
			t.Errorf("suggestion without heading/lines: %+v", s)
		}
	}
	if pairs["a.md b.md"] < 0.3 {
		t.Errorf("a.md/b.md (similar, unlinked) not suggested: %+v", got)
	}
	if _, ok := pairs["a.md c.md"]; ok {
		t.Errorf("a.md/c.md are linked and must not be suggested: %+v", got)
	}
	for p := range pairs {
		if p == "a.md d.md" || p == "b.md d.md" {
			t.Errorf("unrelated pair %s suggested", p)
		}
	}
	strict, err := e.SuggestLinks(context.Background(), SuggestOptions{MinScore: 0.99})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range strict {
		if s.Score < 0.99 {
			t.Errorf("min_score not applied: %+v", s)
		}
	}
}

func TestSuggestLinksValidation(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	ctx := context.Background()
	_, err := e.SuggestLinks(ctx, SuggestOptions{MinScore: 1.5})
	wantArgError(t, err, "min_score")
	_, err = e.SuggestLinks(ctx, SuggestOptions{Limit: -1})
	wantArgError(t, err, "limit")
}
