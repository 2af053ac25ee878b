package answer

import "testing"

func TestOpenFence(t *testing.T) {
	for _, c := range []struct {
		name, text string
		line       int
	}{
		{"none", "# A\n\ntext\n", 0},
		{"closed", "a\n```go\nx\n```\nb\n", 0},
		{"open", "a\n\n```text\nbox\n", 3},
		{"tilde open", "a\n~~~~\n```\n", 2},
		{"shorter close", "````\nx\n```\n", 1},
		{"longer close", "```\nx\n`````\n", 0},
		{"indented four", "    ```\nx\n", 0},
		{"inline code", "``` a ` b\nx\n", 0},
		{"second open", "```\n```\n\n~~~\n", 4},
		{"crlf", "```\r\nx\r\n```\r\n", 0},
	} {
		line, ok := OpenFence(c.text)
		if line != c.line || ok != (c.line > 0) {
			t.Errorf("%s: OpenFence = %d, %v; want %d", c.name, line, ok, c.line)
		}
	}
}
