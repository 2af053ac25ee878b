package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/latentsearch"
)

// keptAndFresh indexes the files of each step in turn in one project (as
// ubp serve's watcher or ubp index after edits keep an index: the files of
// a step that the next lacks are deleted), and the last step's files in a
// new project, both with the given embedding provider. The two hold the
// same files, their rows numbered in another order.
func keptAndFresh(t *testing.T, provider string, steps ...map[string]string) (kept, fresh *Engine) {
	t.Helper()
	kept = searchProject(t, steps[0], provider)
	docs := kept.Project().DocsDir()
	for i, files := range steps[1:] {
		for path := range steps[i] {
			if _, ok := files[path]; !ok {
				if err := os.Remove(filepath.Join(docs, filepath.FromSlash(path))); err != nil {
					t.Fatal(err)
				}
			}
		}
		coreWriteFiles(t, docs, files)
		coreIndex(t, kept, false)
	}
	return kept, searchProject(t, steps[len(steps)-1], provider)
}

// sameJSON fails the test when the answers differ as JSON, section_id
// aside: it is the section's row, which no file says.
func sameJSON(t *testing.T, what string, kept, fresh any) {
	t.Helper()
	k, f := rowless(t, kept), rowless(t, fresh)
	if k != f {
		t.Errorf("%s: the kept index answers\n%s\na fresh one\n%s", what, k, f)
	}
}

// rowless is v as JSON without its section_id fields.
func rowless(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var tree any
	if err := json.Unmarshal(b, &tree); err != nil {
		t.Fatal(err)
	}
	var drop func(any)
	drop = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			delete(v, "section_id")
			for _, x := range v {
				drop(x)
			}
		case []any:
			for _, x := range v {
				drop(x)
			}
		}
	}
	drop(tree)
	if b, err = json.Marshal(tree); err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSearchTiesAnswerAsAFreshIndex: a search of an index kept up to date
// answers as one of a fresh index of the same files, to the byte, when
// pages tie: in the order of its hits, their scores and the rank each
// signal gives them (explain). Until 2026-11-28 the signals' ranks
// (ranking.Ranks) broke ties by row id, so a page indexed later came
// after its twin in explain, and reciprocal-rank fusion, which fuses
// those ranks, listed it second with a lower score, where a fresh index
// put it first.
func TestSearchTiesAnswerAsAFreshIndex(t *testing.T) {
	page := "# Notes\n\nshared words here\n"
	kept, fresh := keptAndFresh(t, "none",
		map[string]string{"b.md": page},
		map[string]string{"a.md": page, "b.md": page})
	for _, o := range []SearchOptions{
		{Query: "shared words"},
		{Query: "shared words", Explain: true},
		{Query: "shared words", Fusion: "rrf"},
		{Query: "shared words", Fusion: "rrf", Explain: true},
		{Query: "shared words", Fusion: "rrf", Limit: 1},
	} {
		sameJSON(t, fmt.Sprintf("%+v", o), mustSearch(t, kept, o), mustSearch(t, fresh, o))
	}
}

// TestLatentTiesAnswerAsAFreshIndex: the latent signal re-scores full
// text's best documents and keeps the best of those; where twins tie at
// either cut, the kept index keeps the same ones as a fresh index of the
// same files: the first by file path. Until 2026-11-28 both cuts took the
// lowest row ids, so a page deleted and restored (a branch switch and
// back) lost its latent score to a twin and fell out of the answer where
// a fresh index lists it first.
func TestLatentTiesAnswerAsAFreshIndex(t *testing.T) {
	const twin = "# Twin\n\n## Harbour\n\nThe lantern and the harbour, the beacon and its keeper, the tide, the gull, the anchor and the rope in the fog, the bell.\n"
	const query = "lantern harbour beacon keeper tide gull anchor rope fog bell"
	for _, tc := range []struct {
		name  string
		twins int
	}{
		{"cut among the re-scored", latentsearch.Keep + 10},
		{"cut among full text's candidates", latentsearch.Candidates + 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			all := topicDocs(30)
			for i := range tc.twins {
				all[fmt.Sprintf("twins/t-%03d.md", i)] = twin
			}
			less := maps.Clone(all)
			delete(less, "twins/t-000.md")
			kept, fresh := keptAndFresh(t, "none", all, less, all)
			for _, o := range []SearchOptions{{Query: query}, {Query: query, Explain: true}} {
				k, f := mustSearch(t, kept, o), mustSearch(t, fresh, o)
				if len(f.Results) == 0 || f.Results[0].ScoreBreakdown.LatentCosine == 0 {
					t.Fatalf("the fresh index answers %v without the latent signal", hitPaths(f))
				}
				sameJSON(t, fmt.Sprintf("%+v", o), k, f)
			}
		})
	}
}

// TestContextAnswersAsAFreshIndex: get-context lists the neighbours of a
// page kept up to date as of a fresh index of the same files: nearest
// first, then by file path, each reached through the same page (via).
// Until 2026-11-28 ties went by row id: a page added later came after its
// equals, and a page two links away was reached through the neighbour
// indexed first, where a fresh index names the first by path.
func TestContextAnswersAsAFreshIndex(t *testing.T) {
	for _, tc := range []struct {
		name          string
		before, after map[string]string
		opts          ContextOptions
	}{
		{
			name:   "neighbour added beside another",
			before: map[string]string{"c.md": "# C\n\n[a](a.md) [b](b.md)\n", "b.md": "# B\n"},
			after:  map[string]string{"c.md": "# C\n\n[a](a.md) [b](b.md)\n", "b.md": "# B\n", "a.md": "# A\n"},
			opts:   ContextOptions{Page: "c.md", Depth: 1},
		},
		{
			name:   "second way to a page two links away",
			before: map[string]string{"c.md": "# C\n\n[x](x.md) [y](y.md)\n", "y.md": "# Y\n\n[z](z.md)\n", "z.md": "# Z\n"},
			after:  map[string]string{"c.md": "# C\n\n[x](x.md) [y](y.md)\n", "x.md": "# X\n\n[z](z.md)\n", "y.md": "# Y\n\n[z](z.md)\n", "z.md": "# Z\n"},
			opts:   ContextOptions{Page: "c.md", Depth: 2},
		},
		{
			name:   "section's page twins",
			before: map[string]string{"c.md": "# C\n\n## S\n\n[b](b.md)\n\n[a](a.md)\n", "b.md": "# B\n"},
			after:  map[string]string{"c.md": "# C\n\n## S\n\n[b](b.md)\n\n[a](a.md)\n", "b.md": "# B\n", "a.md": "# A\n"},
			opts:   ContextOptions{Page: "c.md#S", Depth: 1},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kept, fresh := keptAndFresh(t, "none", tc.before, tc.after)
			k, err := kept.GetContext(context.Background(), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			f, err := fresh.GetContext(context.Background(), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			sameJSON(t, tc.opts.Page, k, f)
		})
	}
}

// TestTermReadsTiesAsAFreshIndex: a term in more sections than full text
// reads of it (1,000) is read by its best sections, equal ones at
// the cut by file path, then place in the page, in an index kept up to
// date as in a fresh one: terms FTS5 scores, short ones scanned (検索) and
// units (1.5 GB). Until 2026-11-28 they were taken by row id, so a page
// deleted and restored (a branch switch and back) was not read, and
// ubp_fulltext_search listed its twins without it where a fresh index
// lists it first.
func TestTermReadsTiesAsAFreshIndex(t *testing.T) {
	all := map[string]string{}
	for i := range 1010 {
		all[fmt.Sprintf("t/%04d.md", i)] = "# Twin\n\nzzqx plain words 検索 and 1.5 GB\n"
	}
	less := maps.Clone(all)
	delete(less, "t/0000.md")
	kept, fresh := keptAndFresh(t, "none", all, less, all)
	for _, q := range []string{"zzqx", "zzqx plain", "zzq", "検索", "1.5 GB"} {
		for _, limit := range []int{1, 10} {
			o := FulltextOptions{Query: q, Limit: limit}
			sameJSON(t, fmt.Sprintf("%+v", o), mustFulltext(t, kept, o), mustFulltext(t, fresh, o))
		}
		o := SearchOptions{Query: q}
		sameJSON(t, fmt.Sprintf("%+v", o), mustSearch(t, kept, o), mustSearch(t, fresh, o))
	}
}

// TestLinkedPagesAsAFreshIndex: a hit's linked pages (include_linked)
// come outlinks first, each part by file path, in an index kept up to date
// as in a fresh one. Until 2026-11-28 they came by document row id, so a
// page added later came after the others, and the 10 listed of a hub page
// were others than a fresh index lists.
func TestLinkedPagesAsAFreshIndex(t *testing.T) {
	hub := "# Hub\n\nzzqx hub page.\n\n"
	before := map[string]string{}
	for i := 1; i <= answer.MaxLinkedPages+1; i++ {
		p := fmt.Sprintf("p%02d.md", i)
		hub += fmt.Sprintf("[%s](%s)\n", p, p)
		before[p] = fmt.Sprintf("# P%d\n\n[back](hub.md)\n", i)
	}
	hub += "[p00](p00.md)\n"
	before["hub.md"] = hub
	after := maps.Clone(before)
	after["p00.md"] = "# P0\n\n[back](hub.md)\n"
	kept, fresh := keptAndFresh(t, "none", before, after)
	o := SearchOptions{Query: "zzqx", IncludeLinked: true}
	sameJSON(t, "include_linked", mustSearch(t, kept, o), mustSearch(t, fresh, o))
}
