package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/stale"
)

// TestStaleReportsFrontmatterProblems: the problems of a frontmatter that
// change what a staleness check sees (a source_refs entry ignored, a
// reviewed date not read, a frontmatter never closed) are in the report's warnings, naming the
// document and line; other parse warnings are not. They were in no
// format of ubp stale, so a document turned untracked without a word.
func TestStaleReportsFrontmatterProblems(t *testing.T) {
	e, _ := staleProject(t, map[string]string{
		"src/a.go":      "package src\n",
		"docs/entry.md": "---\ntitle: Entry\nsource_refs:\n  - src/a.go\n  - {path: src/b.go}\n---\n# Entry\n",
		"docs/date.md":  "---\ntitle: Date\nsource_refs: [src/a.go]\nreviewed: 2026/11/26\n---\n# Date\n",
		"docs/deep.md":  "---\ntitle: Deep\n---\n# Deep\n\n" + strings.Repeat("[", 40) + "x\n",
		"docs/open.md":  "---\ntitle: Open\nsource_refs: [src/a.go]\n# Open\n",
		"docs/deep1.md": strings.Repeat("[", 40) + "x\n",
	})
	mustIndex(t, e)
	rep, err := e.Stale(context.Background(), StaleOptions{Baseline: stale.BaselineIndex})
	if err != nil {
		t.Fatal(err)
	}
	has := func(file string, line int, frag string) bool {
		for _, w := range rep.Warnings {
			if strings.HasSuffix(w.File, file) && w.Line == line && strings.Contains(w.Message, frag) {
				return true
			}
		}
		return false
	}
	if !has("entry.md", 5, "source_refs") {
		t.Errorf("warnings %+v: none names entry.md line 5 (the ignored source_refs entry)", rep.Warnings)
	}
	if !has("date.md", 4, "reviewed") {
		t.Errorf("warnings %+v: none names date.md line 4 (the reviewed date not read)", rep.Warnings)
	}
	if !has("open.md", 1, "not closed") {
		t.Errorf("warnings %+v: none names open.md line 1 (the frontmatter never closed, its source_refs ignored)", rep.Warnings)
	}
	for _, w := range rep.Warnings {
		if strings.HasSuffix(w.File, "deep.md") || strings.HasSuffix(w.File, "deep1.md") {
			t.Errorf("warning %+v: the body's nesting is no staleness problem", w)
		}
	}
}
