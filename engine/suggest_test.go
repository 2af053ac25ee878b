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
	got, err := e.SuggestLinks(context.Background(), SuggestOptions{MinScore: ptr(0.3)})
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
	// 0 is a score like any other: every pair, at least as many as the
	// default (0.75) gives; nil is the default.
	all, err := e.SuggestLinks(context.Background(), SuggestOptions{MinScore: ptr(0.0)})
	if err != nil {
		t.Fatal(err)
	}
	def, err := e.SuggestLinks(context.Background(), SuggestOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < len(got) || len(all) < len(def) {
		t.Errorf("min_score 0 gave %d pairs, 0.3 %d, the default %d", len(all), len(got), len(def))
	}
	for _, s := range def {
		if s.Score < 0.75 {
			t.Errorf("default min_score not applied: %+v", s)
		}
	}
	strict, err := e.SuggestLinks(context.Background(), SuggestOptions{MinScore: ptr(0.99)})
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
	_, err := e.SuggestLinks(ctx, SuggestOptions{MinScore: ptr(1.5)})
	wantArgError(t, err, "min_score")
	_, err = e.SuggestLinks(ctx, SuggestOptions{Limit: -1})
	wantArgError(t, err, "limit")
}

func ptr[T any](v T) *T { return &v }
