package engine

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// keptAndFresh indexes the files of each step in turn in one project (as
// ubp serve's watcher or ubp index after edits keep an index: the files of
// a step that the next lacks are deleted), and the last step's files in a
// new project. The two hold the same files, their rows numbered in
// another order.
func keptAndFresh(t *testing.T, steps ...map[string]string) (kept, fresh *Engine) {
	t.Helper()
	kept = searchProject(t, steps[0], "none")
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
	return kept, searchProject(t, steps[len(steps)-1], "none")
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
	kept, fresh := keptAndFresh(t,
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
