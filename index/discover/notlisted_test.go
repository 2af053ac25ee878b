package discover

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWhyNotListed: for a file that exists in the docs folder but that
// Discover leaves out, WhyNotListed names the rule that leaves it out (the
// exclude or include pattern, the hidden or never-indexed folder, the
// .gitignore, the symlinked folder) and what to do; for a file Discover
// lists it says nothing. Every case is checked against Discover itself,
// so the two cannot drift apart.
func TestWhyNotListed(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "docs")
	writeTree(t, base, map[string]string{
		"docs/a.md":                 "# a\n",
		"docs/drafts/d.md":          "# d\n",
		"docs/notes/skip.md":        "# s\n",
		"docs/notes/keep.md":        "# k\n",
		"docs/.hidden/h.md":         "# h\n",
		"docs/.dot.md":              "# dot\n",
		"docs/node_modules/pkg.md":  "# p\n",
		"docs/.gitignore":           "gen/\n",
		"docs/gen/g.md":             "# g\n",
		"docs/sub/.gitignore":       "local.md\n",
		"docs/sub/local.md":         "# l\n",
		"docs/sub/fine.md":          "# f\n",
		"docs/readme.txt":           "text\n",
		"outside/o.md":              "# o\n",
		"docs/guides/g.md":          "# guide\n",
		"docs/guides/old/legacy.md": "# legacy\n",
	})
	symlink(t, filepath.Join(base, "outside"), filepath.Join(root, "linked"))
	opts := Options{Root: root, Exclude: []string{"drafts/**", "notes/skip.md", "guides/old"}}
	cases := []struct {
		rel, why, fix string // why, fix: "" when Discover lists rel
	}{
		{"a.md", "", ""},
		{"drafts/d.md", `the exclude pattern "drafts/**" matches it`, "exclude"},
		{"notes/skip.md", `the exclude pattern "notes/skip.md" matches it`, "exclude"},
		{"notes/keep.md", "", ""},
		{"guides/old/legacy.md", `the exclude pattern "guides/old" matches its folder guides/old`, "exclude"},
		{".hidden/h.md", "its folder .hidden is hidden", "move the file"},
		{".dot.md", "its name starts with '.'", "rename"},
		{"node_modules/pkg.md", "its folder node_modules is never indexed", "move the file"},
		{"gen/g.md", "docs folder's .gitignore ignores its folder gen", ".gitignore"},
		{"sub/local.md", "sub/.gitignore ignores it", ".gitignore"},
		{"sub/fine.md", "", ""},
		{"readme.txt", "not a Markdown file", ".md"},
		{"linked/o.md", "its folder linked is a symlink", "docs_dir"},
	}
	listed, _ := discoverPaths(t, opts)
	for _, tc := range cases {
		t.Run(tc.rel, func(t *testing.T) {
			why, fix := WhyNotListed(opts, tc.rel)
			if inList := slices.Contains(listed, tc.rel); inList != (tc.why == "") {
				t.Fatalf("the case disagrees with List: listed %v", inList)
			}
			if tc.why == "" {
				if why != "" || fix != "" {
					t.Errorf("listed file: WhyNotListed = %q, %q; want nothing", why, fix)
				}
				return
			}
			if !strings.Contains(why, tc.why) || !strings.Contains(fix, tc.fix) {
				t.Errorf("WhyNotListed = %q, %q;\nwant the reason to say %q and the fix %q", why, fix, tc.why, tc.fix)
			}
		})
	}

	// Include: a file no include pattern keeps is named with the patterns.
	inc := Options{Root: root, Include: []string{"guides/**", "a.md"}}
	listed, _ = discoverPaths(t, inc)
	why, fix := WhyNotListed(inc, "sub/fine.md")
	if slices.Contains(listed, "sub/fine.md") || !strings.Contains(why, `no include pattern matches it ("guides/**", "a.md")`) || !strings.Contains(fix, "include") {
		t.Errorf("include: WhyNotListed = %q, %q", why, fix)
	}
	if why, _ := WhyNotListed(inc, "guides/g.md"); why != "" || !slices.Contains(listed, "guides/g.md") {
		t.Errorf("an included file: WhyNotListed = %q", why)
	}
}
