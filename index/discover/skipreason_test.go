package discover

import (
	"strings"
	"testing"
)

// TestSkipReasonNamesUTF16: a UTF-16 file (what Windows PowerShell 5 writes
// with "> file.md", Notepad's "Unicode") is text in another encoding, not
// binary: the warning says so and what to do, rather than "not a text
// file (NUL byte at offset 1)".
func TestSkipReasonNamesUTF16(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"UTF-16LE with BOM", "\xff\xfe#\x00 \x00T\x00\n\x00", "UTF-16 text (little-endian); convert the file to UTF-8"},
		{"UTF-16BE with BOM", "\xfe\xff\x00#\x00 \x00T\x00\n", "UTF-16 text (big-endian); convert the file to UTF-8"},
		{"binary with a NUL", "text\x00more", "not a text file (NUL byte at offset 4)"},
		{"Latin-1", "caf\xe9\n", "not valid UTF-8 text"},
		{"UTF-8 with BOM is text", "\xef\xbb\xbf# T\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SkipReason([]byte(tt.data), nil, 0)
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Fatalf("SkipReason = %q, want it to say %q", got, tt.want)
			}
		})
	}
}
