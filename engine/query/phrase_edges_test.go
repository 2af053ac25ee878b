package query

import "testing"

// TestQuotedPhraseEdges: a quoted phrase whose ends are Latin letters or
// digits matches only where those ends are word ends ("rust" is not in
// "Trusted", "port" not in "support"); an end in another script needs
// nothing ("新API" is found in "新APIの").
func TestQuotedPhraseEdges(t *testing.T) {
	tests := []struct {
		query, text string
		want        int
	}{
		{`"rust"`, "Add a Trusted Publisher.", 0},
		{`"rust"`, "Rust's borrow checker, rust.", 2},
		{`"port"`, "support, import, export and the port", 1},
		{`"jumps over"`, "fox jumps overhead; fox jumps over it", 1},
		{`"c++"`, "C++ and c++17", 2},
		{`"新API"`, "新APIの仕様と新APIs", 1},
		{`"v2"`, "v2 and v20", 1},
		{`"c#"`, "C# and c#d, ac# and 新C#と", 2}, // a name ends where SharpWords ends it
		{`"use c#"`, "use C#d; use c#.", 1},
	}
	for _, tt := range tests {
		t.Run(tt.query+" in "+tt.text, func(t *testing.T) {
			q := Parse(tt.query)
			if len(q.Terms) == 0 || q.Terms[0].Kind != Phrase {
				t.Fatalf("%s: terms %+v, want a phrase first", tt.query, q.Terms)
			}
			if got := Count(tt.text, q.Terms[0]); got != tt.want {
				t.Errorf("Count = %d, want %d", got, tt.want)
			}
		})
	}
}
