package termsafe

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLineAndText(t *testing.T) {
	cases := []struct {
		name, in, line, text string
	}{
		{"plain", "Database design", "Database design", "Database design"},
		{"japanese", "検索アルゴリズム", "検索アルゴリズム", "検索アルゴリズム"},
		{"retitle the terminal", "\x1b]0;pwned\x07Title", `\u001b]0;pwned\u0007Title`, `\u001b]0;pwned\u0007Title`},
		{"colour", "\x1b[31mred\x1b[0m", `\u001b[31mred\u001b[0m`, `\u001b[31mred\u001b[0m`},
		{"newline in a file name", "a\nfake line.md", `a\u000afake line.md`, "a\nfake line.md"},
		{"carriage return", "ok\rEVIL", `ok\u000dEVIL`, `ok\u000dEVIL`},
		{"windows line end", "a\r\nb", `a\u000d\u000ab`, "a\r\nb"},
		{"tab", "a\tb", `a\u0009b`, "a\tb"},
		{"C1 CSI", "a\u009b31mb", `a\u009b31mb`, `a\u009b31mb`},
		{"DEL and NUL", "a\x7f\x00b", `a\u007f\u0000b`, `a\u007f\u0000b`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Line(tc.in); got != tc.line {
				t.Errorf("Line(%q) = %q, want %q", tc.in, got, tc.line)
			}
			if got := Text(tc.in); got != tc.text {
				t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.text)
			}
			var b bytes.Buffer
			if _, err := Writer(&b).Write([]byte(tc.in)); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.text {
				t.Errorf("Writer wrote %q, want %q", b.String(), tc.text)
			}
		})
	}
}

// TestWriterKeepsJSON: JSON passed through Writer decodes to the same value.
func TestWriterKeepsJSON(t *testing.T) {
	v := map[string]string{"title": "\x1b]0;x\x07 \u0085 \u009b \x7f 検索\nline"}
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := Writer(&b).Write(raw); err != nil {
		t.Fatal(err)
	}
	var back map[string]string
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatalf("escaped JSON does not decode: %v\n%s", err, b.String())
	}
	if back["title"] != v["title"] {
		t.Errorf("decoded %q, want %q", back["title"], v["title"])
	}
}

func FuzzLine(f *testing.F) {
	for _, s := range []string{"", "a\x1b[2Jb", "\u009b", "\r\n", "x\xffy", "検索\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{Line(s), Text(s)} {
			for _, r := range out {
				if r == utf8.RuneError {
					continue
				}
				if (r < 0x20 && r != '\n' && r != '\t' && r != '\r') || r == 0x7f || (r >= 0x80 && r <= 0x9f) {
					t.Fatalf("control %U left in %q", r, out)
				}
			}
		}
		if strings.Contains(strings.ReplaceAll(Text(s), "\r\n", ""), "\r") {
			t.Fatalf("Text(%q) keeps a lone carriage return", s)
		}
		if strings.ContainsAny(Line(s), "\n\r\t") {
			t.Fatalf("Line(%q) keeps a line break or tab", s)
		}
	})
}
