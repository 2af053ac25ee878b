package query

import (
	"strings"
	"testing"
)

// TestSnippetShowsCodeNotFences: a snippet of a section holding fenced code
// shows the code's text, not the fence lines around it: neither the
// markers (``` or ~~~) nor the info string that names the code's language
// (```go), which is markup, not text the code holds. Until 2026-11-28 a
// window showed them ("Run it: ```go fmt.Println(⟦quagga⟧) ```"), and a
// query naming the language marked the marker's info string ("```⟦go⟧")
// rather than the prose using the word. A line that only looks like a
// fence stays: one indented four spaces (code), one whose info string
// holds a backtick, a shorter run inside a longer fence (the code's own
// text), and the line of the first match shown is still counted in the
// text as written. A closing fence is no heading's text above a "---"
// line (it was, and the window began at it: "…``` The ⟦quagga⟧ here.").
func TestSnippetShowsCodeNotFences(t *testing.T) {
	tests := []struct {
		name, text, query string
		want              string
		line              int
	}{
		{"backticks with an info string", "Run it:\n\n```go\nfmt.Println(quagga)\n```\n\nDone.", "quagga",
			"Run it: fmt.Println(⟦quagga⟧) Done.", 3},
		{"tildes with a spaced info string", "Install:\n~~~ python {.numberLines}\nimport quagga\n~~~\n", "quagga",
			"Install: import ⟦quagga⟧", 2},
		{"a query naming the info string", "```python\nimport os\n```\n\nThe python way.", "python",
			"import os The ⟦python⟧ way.", 4},
		{"a fence left open to the section's end", "Then:\n```sh\nmake quagga", "quagga",
			"Then: make ⟦quagga⟧", 2},
		{"a fence indented in a list item", "1. Build:\n\n   ```sh\n   make quagga\n   ```\n2. Run.", "quagga",
			"1. Build: make ⟦quagga⟧ 2. Run.", 3},
		{"a longer fence holding a shorter one", "````markdown\n```go\nx := quagga\n```\n````", "quagga",
			"```go x := ⟦quagga⟧ ```", 2},
		{"a closing run with text after it is code", "```\nquagga\n``` not closed\n```\nafter", "quagga",
			"⟦quagga⟧ ``` not closed after", 1},
		{"crlf line ends", "Run it:\r\n```go\r\nfmt.Println(quagga)\r\n```\r\n", "quagga",
			"Run it: fmt.Println(⟦quagga⟧)", 2},
		{"a backtick in the info string is no fence", "Use ```go` here\nfor quagga.", "quagga",
			"Use ```go` here for ⟦quagga⟧.", 1},
		{"indented four spaces is no fence", "Text:\n\n    ```go\n    quagga\n", "quagga",
			"Text: ```go ⟦quagga⟧", 3},
		{"no match and no prose gives the code", "```\ncode only\n```", "zeta",
			"code only", -1},
		{"a rule after a closing fence underlines no heading", "Intro words.\n\n```\ncode\n```\n---\nThe quagga here.", "quagga",
			"Intro words. code --- The ⟦quagga⟧ here.", 6},
		{"japanese around a fence", "説明\n```\nコード quagga\n```\n終わり", "quagga",
			"説明 コード ⟦quagga⟧ 終わり", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, line := SnippetLine(tt.text, Parse(tt.query).Terms, 200)
			if got != tt.want || line != tt.line {
				t.Errorf("SnippetLine = %q, line %d\nwant         %q, line %d", got, line, tt.want, tt.line)
			}
			for _, width := range []int{12, 20, 30, 40} {
				if s := Snippet(tt.text, Parse(tt.query).Terms, width); !strings.Contains(tt.want, "```") && strings.Contains(s, "```") || strings.Contains(s, "~~~") {
					t.Errorf("width %d: %q", width, s)
				}
			}
		})
	}
}
