// Package advice says what the user can do about an error, in the words of
// ubp's front ends: the command to run. The engine and its packages name
// the remedy (answer.Remedy on an answer.RemedyError) and never write a
// command line; the CLI (cmd/ubp) and the MCP server (mcpserver) render it
// here, so both say the same sentence. No package under engine/ imports
// this one (internal/layout checks it).
package advice

import "github.com/ubp-dev/ubp/engine/answer"

// How the advice follows the message.
type joint int

const (
	semicolon joint = iota // "message; advice"
	colon                  // "message: advice"
	paren                  // "message (advice)"
)

// texts is what to do for each remedy, and how the message is followed by
// it.
var texts = map[answer.Remedy]struct {
	text string
	join joint
}{
	answer.RemedyInit:          {"run `ubp init`", semicolon},
	answer.RemedyRewriteConfig: {"delete it and run `ubp init` to write the defaults", paren},
	answer.RemedyIndex:         {"run `ubp index` first", semicolon},
	answer.RemedyMigrate:       {"run `ubp index` once", semicolon},
	answer.RemedyIndexAgain:    {"run `ubp index` again", semicolon},
	answer.RemedyRebuild:       {"run `ubp index --rebuild` to rebuild", paren},
	answer.RemedyFullIndex:     {"run `ubp index --full` to rebuild it", paren},
	answer.RemedyDeleteIndex:   {"delete the index file and run `ubp index`", paren},
	answer.RemedyUpgrade:       {"upgrade ubp, or delete the index file and run `ubp index` to rebuild it", colon},
	answer.RemedyWritable:      {"make it and its folder writable for this user, or run ubp as the user who owns them", paren},
}

// Text is what to do for r, "" for NoRemedy (or a remedy it does not
// know).
func Text(r answer.Remedy) string { return texts[r].text }

// Append adds the advice for r to msg: "msg; advice", "msg: advice" or
// "msg (advice)", as the remedy's sentence has it; msg alone when r has no
// advice.
func Append(msg string, r answer.Remedy) string {
	t, ok := texts[r]
	if !ok {
		return msg
	}
	switch t.join {
	case colon:
		return msg + ": " + t.text
	case paren:
		return msg + " (" + t.text + ")"
	}
	return msg + "; " + t.text
}

// Message is err's message with the advice for its remedy, if it has one.
func Message(err error) string { return Append(err.Error(), answer.RemedyOf(err)) }
