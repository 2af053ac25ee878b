package discover

import "testing"

// TestFormatBytes: sizes in the skip warnings read "1 byte", not "1 bytes"
// (max_file_size 1, a one-byte file).
func TestFormatBytes(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0 bytes"},
		{1, "1 byte"},
		{2, "2 bytes"},
		{1023, "1023 bytes"},
		{1024, "1.0 KiB"},
		{5 << 20, "5.0 MiB"},
	}
	for _, tt := range tests {
		if got := formatBytes(tt.n); got != tt.want {
			t.Errorf("formatBytes(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
