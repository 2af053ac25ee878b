package stale

import (
	"regexp"
	"testing"
)

// commandLine matches what only a command line says: a flag (--baseline,
// --exit-code) or a ubp command (ubp stale).
var commandLine = regexp.MustCompile(`(^|[\s(` + "`" + `"'])--[a-z]|\bubp [a-z]`)

// assertNoCommandLine fails when a message of the library names a flag or
// a ubp command: the library is also used by the MCP server and by
// programs, which have no flags; what to change is said in words, and the
// CLI adds its flag where it prints the message.
func assertNoCommandLine(t *testing.T, what, msg string) {
	t.Helper()
	if m := commandLine.FindString(msg); m != "" {
		t.Errorf("%s names a command line (%q): %q", what, m, msg)
	}
}

// TestIncompleteNoteNamesNoCommandLine: the note of an incomplete report,
// written by every format, says what happens in words.
func TestIncompleteNoteNamesNoCommandLine(t *testing.T) {
	assertNoCommandLine(t, "incompleteNote", incompleteNote)
}
