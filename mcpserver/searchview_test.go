package mcpserver

import (
	"strings"
	"testing"
)

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("word ", 200)
	lines := strings.Repeat("a line of text\n", 60)
	cases := []struct {
		name, text, want string
	}{
		{"short text as it is, heading dropped", "## Cache\nThe cache holds pages.", "The cache holds pages."},
		{"heading only", "## Cache", ""},
		{"cut after the last whole line", "# H\n" + lines, ""},
		{"cut after the last word", long, ""},
		{"multibyte text cut at a rune", strings.Repeat("検索", 200), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := excerpt(c.text, excerptBytes)
			if len(got) > excerptBytes {
				t.Errorf("%d bytes, limit %d", len(got), excerptBytes)
			}
			if !strings.HasPrefix(c.text, "#") && len(c.text) > excerptBytes && !strings.HasSuffix(got, "…") {
				t.Errorf("a cut excerpt does not end with …: %q", got[len(got)-10:])
			}
			if strings.HasSuffix(got, "…") {
				body := strings.TrimSuffix(got, "…")
				if !strings.Contains(c.text, body) {
					t.Errorf("excerpt is not a prefix of the text: %q", body)
				}
				if strings.HasSuffix(body, "wor") || strings.HasSuffix(body, "a line of te") {
					t.Errorf("cut inside a word or line: %q", body[len(body)-12:])
				}
			}
			if c.want != "" && got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
