package index

import "testing"

func TestMatchGlob(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"*.md", "a.md", true},
		{"*.md", "x/a.md", false},
		{"**/*.md", "a.md", true},
		{"**/*.md", "x/y/a.md", true},
		{"**/*.ja.md", "designs/cli.ja.md", true},
		{"**/*.ja.md", "designs/cli.md", false},
		{"drafts/**", "drafts/a.md", true},
		{"drafts/**", "drafts/x/y.md", true},
		{"drafts/**", "drafts", true},
		{"drafts/**", "final/drafts/a.md", false},
		{"drafts", "drafts", true},
		{"drafts", "drafts/a.md", false},
		{"**/drafts/**", "a/drafts/b/c.md", true},
		{"a/**/b/*.md", "a/b/x.md", true},
		{"a/**/b/*.md", "a/x/y/b/x.md", true},
		{"a/**/b/*.md", "a/x/y/c/x.md", false},
		{"./docs/*.md", "docs/a.md", true},
		{"/docs/*.md", "docs/a.md", true},
		{"docs/", "docs", true},
		{"?.md", "a.md", true},
		{"?.md", "ab.md", false},
		{"[ab].md", "b.md", true},
		{"[", "[", false}, // malformed: matches nothing
		{"**", "anything/at/all.md", true},
		{"**/**/**/x.md", "x.md", true},
		{"設計/*.md", "設計/a.md", true},
		{"\u304c.md", "\u304b\u3099.md", true}, // NFC pattern, NFD path
	}
	for _, tt := range tests {
		t.Run(tt.pattern+" "+tt.path, func(t *testing.T) {
			if got := MatchGlob(tt.pattern, tt.path); got != tt.want {
				t.Errorf("MatchGlob(%q, %q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
			}
		})
	}
}

func TestCheckGlob(t *testing.T) {
	for _, ok := range []string{"*.md", "**/x/*.md", "a/[bc]/d.md"} {
		t.Run(ok, func(t *testing.T) {
			if err := CheckGlob(ok); err != nil {
				t.Errorf("CheckGlob(%q) = %v, want nil", ok, err)
			}
		})
	}
	for _, bad := range []string{"", "  ", "a/[b", `x\`} {
		t.Run(bad, func(t *testing.T) {
			if err := CheckGlob(bad); err == nil {
				t.Errorf("CheckGlob(%q) = nil, want an error", bad)
			}
		})
	}
}

func TestGitignoreRules(t *testing.T) {
	rules := parseGitignore([]byte(
		"# comment\n"+
			"\n"+
			"*.tmp.md\n"+
			"!keep.tmp.md\n"+
			"drafts/\n"+
			"/rootonly.md\n"+
			"docs/**/gen-*.md\n"+
			"archive/**\n"+
			"!archive/keep.md\n"+
			"\\#hash.md\n"+
			"trailing.md   \n"+
			"q?.md\r\n"), "")
	nested := parseGitignore([]byte("local.md\n/anchored.md\n"), "sub")
	all := append(rules, nested...)
	tests := []struct {
		path  string
		isDir bool
		want  bool
	}{
		{"a.tmp.md", false, true},
		{"x/y/b.tmp.md", false, true},
		{"keep.tmp.md", false, false},
		{"drafts", true, true},
		{"x/drafts", true, true},
		{"drafts", false, false}, // dir-only rule, file named drafts
		{"rootonly.md", false, true},
		{"x/rootonly.md", false, false},
		{"docs/gen-a.md", false, true},
		{"docs/x/y/gen-a.md", false, true},
		{"archive", true, false}, // "archive/**" matches the contents, not the folder
		{"archive/old.md", false, true},
		{"archive/keep.md", false, false},
		{"#hash.md", false, true},
		{"trailing.md", false, true},
		{"qa.md", false, true},
		{"readme.md", false, false},
		{"sub/local.md", false, true},
		{"sub/deeper/local.md", false, true},
		{"local.md", false, false}, // nested rules apply below their folder only
		{"sub/anchored.md", false, true},
		{"sub/x/anchored.md", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			if got := gitIgnored(all, tt.path, tt.isDir); got != tt.want {
				t.Errorf("gitIgnored(%q, dir=%v) = %v, want %v", tt.path, tt.isDir, got, tt.want)
			}
		})
	}
}
