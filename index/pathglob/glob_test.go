package pathglob

import "testing"

func TestMatch(t *testing.T) {
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
			if got := Match(tt.pattern, tt.path); got != tt.want {
				t.Errorf("Match(%q, %q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
			}
		})
	}
}

func TestCheckGlob(t *testing.T) {
	for _, ok := range []string{"*.md", "**/x/*.md", "a/[bc]/d.md"} {
		t.Run(ok, func(t *testing.T) {
			if err := Check(ok); err != nil {
				t.Errorf("Check(%q) = %v, want nil", ok, err)
			}
		})
	}
	for _, bad := range []string{"", "  ", "a/[b", `x\`} {
		t.Run(bad, func(t *testing.T) {
			if err := Check(bad); err == nil {
				t.Errorf("Check(%q) = nil, want an error", bad)
			}
		})
	}
}
