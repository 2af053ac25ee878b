package stale

import (
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/internal/termsafe"
)

// TestTextColumnsLineUpWithJapaneseRefs: the text report's columns line up
// on a terminal when a ref names a Japanese file: a kanji or kana takes two
// columns. Before, the columns were padded by characters, so the level of
// src/存在しない.go stood five columns right of the others' (list-pages and
// status already counted wide characters).
func TestTextColumnsLineUpWithJapaneseRefs(t *testing.T) {
	dir := newTestRepo(t).dir
	d, rep := checkOne(t, dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md",
		Refs: refs("src/存在しない.go", "src/missing-file.go", "src/ない.go", "src/ＡＰＩ.go")})
	if len(d.Refs) != 4 {
		t.Fatalf("refs %+v", d.Refs)
	}
	var cols []int
	for _, line := range strings.Split(string(render(t, WriteText, rep, PossiblyStale)), "\n") {
		if i := strings.Index(line, "stale  not_found"); strings.HasPrefix(line, "  line ") && i > 0 {
			cols = append(cols, termsafe.Width(line[:i]))
		}
	}
	if len(cols) != 4 {
		t.Fatalf("found %d ref lines, want 4", len(cols))
	}
	for _, c := range cols[1:] {
		if c != cols[0] {
			t.Errorf("the level column starts at display columns %v, want one column", cols)
			break
		}
	}
}
