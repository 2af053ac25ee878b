package sdkfront

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
)

func TestUnescapeHTML(t *testing.T) {
	for i, s := range []string{"", "plain", "<a href=\"x\">&amp;</a>", `back\slash \u003c literal`, "\\\\u003c", "日本<語>&", "\u2028", "\x01"} {
		t.Run(fmt.Sprint("string ", i), func(t *testing.T) {
			enc, err := json.Marshal(map[string]string{"s": s})
			if err != nil {
				t.Fatal(err)
			}
			got := unescapeHTML(enc)
			var back map[string]string
			if err := json.Unmarshal(got, &back); err != nil || back["s"] != s {
				t.Errorf("%q: unescaped %s decodes to %q (%v)", s, got, back["s"], err)
			}
			var b bytes.Buffer
			enc2 := json.NewEncoder(&b)
			enc2.SetEscapeHTML(false)
			enc2.Encode(map[string]string{"s": s})
			if want := b.Len() - 1; len(got) != want {
				t.Errorf("%q: %d bytes on the wire, an encoder without HTML escaping writes %d", s, len(got), want)
			}
		})
	}
}

func FuzzUnescapeHTML(f *testing.F) {
	for _, s := range []string{"<>&", `\u003c`, "\\\"", "a\x00b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enc, err := json.Marshal(s)
		if err != nil {
			t.Skip()
		}
		var back string
		if err := json.Unmarshal(unescapeHTML(enc), &back); err != nil {
			t.Fatalf("unescaped %s is not JSON: %v", enc, err)
		}
		var want string
		json.Unmarshal(enc, &want)
		if back != want {
			t.Fatalf("unescaping changed the value: %q != %q", back, want)
		}
	})
}
