package answer

import "strings"

// OpenFence is the line (1-based) of text whose code fence (``` or ~~~,
// indented at most three spaces: not one inside a list item or a quote)
// is still open at its end, and whether one is: text cut there ends inside
// a code block, and the Markdown after it would read as code.
func OpenFence(text string) (int, bool) {
	open, marker := 0, ""
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		trimmed := strings.TrimLeft(line, " ")
		if len(line)-len(trimmed) > 3 || len(trimmed) < 3 || (trimmed[0] != '`' && trimmed[0] != '~') {
			continue
		}
		run := len(trimmed) - len(strings.TrimLeft(trimmed, trimmed[:1]))
		if run < 3 {
			continue
		}
		if marker == "" {
			if trimmed[0] == '`' && strings.Contains(trimmed[run:], "`") {
				continue // not a fence: an info string has no backtick
			}
			open, marker = i+1, trimmed[:run]
		} else if trimmed[0] == marker[0] && run >= len(marker) && strings.TrimSpace(trimmed[run:]) == "" {
			open, marker = 0, ""
		}
	}
	return open, marker != ""
}
