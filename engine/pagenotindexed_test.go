package engine

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestPageOfAFileNotIndexed: a page asked for by the path of a Markdown
// file that exists but that indexing leaves out, by an exclude pattern or
// by standing outside the docs folder, is a *NotFoundError saying why and
// what to do (NotIndexed, Fix), not "page not found" with other pages; a
// path that names no file is still a plain miss. get-page, get-context and
// a graph's centre agree.
func TestPageOfAFileNotIndexed(t *testing.T) {
	root := t.TempDir()
	coreWriteFiles(t, root, map[string]string{
		"docs/guide.md":        "# Guide\n\nText.\n",
		"docs/drafts/draft.md": "# Draft\n\nText.\n",
		"README.md":            "# Readme\n\nText.\n",
	})
	cfg := DefaultConfig()
	cfg.DocsDir = "docs"
	cfg.Exclude = []string{"drafts/**"}
	p, _, err := InitProject(root, cfg)
	if err != nil {
		t.Fatal(err)
	}
	e := coreOpen(t, p)
	coreIndex(t, e, false)
	ctx := context.Background()

	excluded := `the exclude pattern "drafts/**" matches its folder drafts`
	outside := "it is outside the docs folder docs (docs_dir in .ubp/config.json)"
	cases := []struct {
		ref, why, fix string // why "": a plain miss
	}{
		{"drafts/draft.md", excluded, "remove or narrow that pattern in exclude"},
		{"drafts/draft", excluded, "remove or narrow that pattern in exclude"},
		{"docs/drafts/draft.md", excluded, "remove or narrow that pattern in exclude"},
		{filepath.Join(root, "docs", "drafts", "draft.md"), excluded, "remove or narrow that pattern in exclude"},
		{"drafts/draft.md#Draft", excluded, "remove or narrow that pattern in exclude"},
		{"../README.md", outside, "move it into the docs folder"},
		{filepath.Join(root, "README.md"), outside, "move it into the docs folder"},
		{"drafts/nothing.md", "", ""},
		{"Readme", "", ""}, // a title, not a path: no file is looked for
	}
	for _, c := range cases {
		t.Run(c.ref, func(t *testing.T) {
			_, pageErr := e.GetPage(ctx, c.ref)
			_, ctxErr := e.GetContext(ctx, ContextOptions{Page: c.ref})
			_, graphErr := e.GetGraph(ctx, GraphOptions{Center: c.ref})
			for name, err := range map[string]error{"GetPage": pageErr, "GetContext": ctxErr, "GetGraph": graphErr} {
				var nf *NotFoundError
				if !errors.As(err, &nf) {
					t.Fatalf("%s: %v, want *NotFoundError", name, err)
				}
				if c.why == "" {
					if nf.NotIndexed != "" {
						t.Errorf("%s: NotIndexed %q for a path that names no file", name, nf.NotIndexed)
					}
					continue
				}
				if !strings.Contains(nf.NotIndexed, c.why) || !strings.Contains(nf.Fix, c.fix) || len(nf.Suggestions) > 0 {
					t.Errorf("%s: NotIndexed %q, Fix %q, Suggestions %q;\nwant %q and %q, no suggestions", name, nf.NotIndexed, nf.Fix, nf.Suggestions, c.why, c.fix)
				}
				if msg := nf.Error(); !strings.Contains(msg, "the file exists but is not indexed: "+c.why) {
					t.Errorf("%s: message %q does not say the file exists but is not indexed, and why", name, msg)
				}
			}
		})
	}
}
