package discover

import "testing"

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
