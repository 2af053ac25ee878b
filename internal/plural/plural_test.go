package plural

import "testing"

func TestCount(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{0, "0 files"},
		{1, "1 file"},
		{2, "2 files"},
		{-1, "-1 files"},
		{11, "11 files"},
	}
	for _, tt := range tests {
		if got := Count(tt.n, "file", "files"); got != tt.want {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
