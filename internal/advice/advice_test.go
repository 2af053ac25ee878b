package advice

import (
	"errors"
	"fmt"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
)

// TestMessage: each remedy's advice follows the message as the sentence
// has it (the messages are the engine's, the advice the front ends').
func TestMessage(t *testing.T) {
	cases := []struct {
		remedy answer.Remedy
		msg    string
		want   string
	}{
		{answer.NoRemedy, "boom", "boom"},
		{answer.RemedyInit, "no ubp project found in /p or its parents",
			"no ubp project found in /p or its parents; run `ubp init`"},
		{answer.RemedyRewriteConfig, "/p/.ubp/config.json: the file is empty; expected a JSON object",
			"/p/.ubp/config.json: the file is empty; expected a JSON object (delete it and run `ubp init` to write the defaults)"},
		{answer.RemedyIndex, "open index: /p/.ubp/index.db does not exist",
			"open index: /p/.ubp/index.db does not exist; run `ubp index` first"},
		{answer.RemedyMigrate, "open index /p/.ubp/index.db read-only: its schema (version 3) needs upgrading to 4",
			"open index /p/.ubp/index.db read-only: its schema (version 3) needs upgrading to 4; run `ubp index` once"},
		{answer.RemedyIndexAgain, "the server's model changed",
			"the server's model changed; run `ubp index` again"},
		{answer.RemedyRebuild, "read vector cells: cell 3 follows 2 cells",
			"read vector cells: cell 3 follows 2 cells (run `ubp index --rebuild` to rebuild)"},
		{answer.RemedyFullIndex, "stored body has 2 section marks for 3 sections",
			"stored body has 2 section marks for 3 sections (run `ubp index --full` to rebuild it)"},
		{answer.RemedyDeleteIndex, "read schema version: meta schema_version is \"x\", not a number",
			"read schema version: meta schema_version is \"x\", not a number (delete the index file and run `ubp index`)"},
		{answer.RemedyUpgrade, "index /p/.ubp/index.db has schema version 9 but this ubp knows only up to 4",
			"index /p/.ubp/index.db has schema version 9 but this ubp knows only up to 4: upgrade ubp, or delete the index file and run `ubp index` to rebuild it"},
		{answer.RemedyWritable, "index /p/.ubp/index.db cannot be written: attempt to write a readonly database",
			"index /p/.ubp/index.db cannot be written: attempt to write a readonly database (make it and its folder writable for this user, or run ubp as the user who owns them)"},
	}
	seen := map[answer.Remedy]bool{}
	for _, c := range cases {
		seen[c.remedy] = true
		err := answer.WithRemedy(errors.New(c.msg), c.remedy)
		if got := Message(err); got != c.want {
			t.Errorf("remedy %d:\n got %q\nwant %q", c.remedy, got, c.want)
		}
		// Wrapped further, the advice still ends the whole message.
		if got, want := Message(fmt.Errorf("search: %w", err)), "search: "+c.want; got != want {
			t.Errorf("remedy %d, wrapped:\n got %q\nwant %q", c.remedy, got, want)
		}
		if c.remedy != answer.NoRemedy && Text(c.remedy) == "" {
			t.Errorf("remedy %d has no advice", c.remedy)
		}
	}
	// Every remedy the engine names has its sentence here and above.
	for r := answer.NoRemedy + 1; r <= answer.RemedyWritable; r++ {
		if !seen[r] {
			t.Errorf("remedy %d is not in the table", r)
		}
		if _, ok := texts[r]; !ok {
			t.Errorf("remedy %d has no advice", r)
		}
	}
	if got := Message(errors.New("plain")); got != "plain" {
		t.Errorf("an error without a remedy became %q", got)
	}
}
