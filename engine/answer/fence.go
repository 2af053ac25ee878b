package answer

import "strings"

// CodeFence is the opening fence of a code block a text starts or ends
// inside, so a client can read that text as code (not Markdown, where a
// `# comment` line reads as a heading).
type CodeFence struct {
	Line  int    `json:"line" jsonschema:"The line of the file (1-based) the code block's opening fence is on."`
	Fence string `json:"fence" jsonschema:"The opening fence line as written, its indentation left out: the fence characters and the info string (e.g. three backticks then python). Put it before text that starts inside the block to read it as code; a line of at least as many of the same fence character closes the block."`
}

// FenceScan follows the code fences of Markdown fed to it line by line:
// ``` or ~~~, indented at most three spaces (not one inside a list item
// or a quote).
type FenceScan struct {
	open   CodeFence // Line 0: none
	marker string
}

// Next reads line n (its number, 1-based, for the fence it opens).
func (s *FenceScan) Next(n int, line string) {
	line = strings.TrimRight(line, "\r")
	trimmed := strings.TrimLeft(line, " ")
	if len(line)-len(trimmed) > 3 || len(trimmed) < 3 || (trimmed[0] != '`' && trimmed[0] != '~') {
		return
	}
	run := len(trimmed) - len(strings.TrimLeft(trimmed, trimmed[:1]))
	if run < 3 {
		return
	}
	if s.marker == "" {
		if trimmed[0] == '`' && strings.Contains(trimmed[run:], "`") {
			return // not a fence: an info string has no backtick
		}
		s.open, s.marker = CodeFence{Line: n, Fence: strings.TrimRight(trimmed, " \t")}, trimmed[:run]
	} else if trimmed[0] == s.marker[0] && run >= len(s.marker) && strings.TrimSpace(trimmed[run:]) == "" {
		s.open, s.marker = CodeFence{}, ""
	}
}

// Open is the fence of the code block still open after the lines read,
// and whether one is: text cut there ends inside it.
func (s FenceScan) Open() (CodeFence, bool) { return s.open, s.marker != "" }

// OpenFence is the line (1-based) of text whose code fence is still open
// at its end, and whether one is: text cut there ends inside a code
// block, and the Markdown after it would read as code.
func OpenFence(text string) (int, bool) {
	var s FenceScan
	for i, line := range strings.Split(text, "\n") {
		s.Next(i+1, line)
	}
	return s.open.Line, s.marker != ""
}

// FencesAfter is, for each line of lines (lines[i] is line first+i), the
// code block open after it (nil: none), as FenceScan reads them.
func FencesAfter(lines []string, first int) []*CodeFence {
	out := make([]*CodeFence, len(lines))
	var s FenceScan
	var last *CodeFence
	for i, line := range lines {
		s.Next(first+i, line)
		f, open := s.Open()
		switch {
		case !open:
			last = nil
		case last == nil || last.Line != f.Line:
			last = &f
		}
		out[i] = last
	}
	return out
}
