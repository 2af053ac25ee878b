package answer

import (
	"fmt"
	"strings"
)

// FromColumn is text, lines of a file whose first is line `line`, from
// character `column` (1-based, in runes) of that first line on: how a
// window of a page reads on inside a line cut for size (next_start_column).
// A column of 0 or 1 leaves text as it is; one past the end of the first
// line is an *ArgumentError for "start_column".
func FromColumn(text string, line, column int) (string, error) {
	if column <= 1 {
		return text, nil
	}
	first, rest, more := strings.Cut(text, "\n")
	runes := []rune(first)
	if column > len(runes) {
		chars := "characters" // engine/answer imports no front-end helper (internal/plural)
		if len(runes) == 1 {
			chars = "character"
		}
		return "", &ArgumentError{Param: "start_column",
			Message: fmt.Sprintf("%d is past the end of line %d, which has %d %s", column, line, len(runes), chars)}
	}
	out := string(runes[column-1:])
	if more {
		out += "\n" + rest
	}
	return out, nil
}
