package discover

import (
	"context"
	"path/filepath"
	"testing"
)

// TestDiscoverNormalizationClash: two names of one file name in different
// Unicode normalizations list the first met, and the second is skipped
// with a warning, whichever of them is the one not in NFC form: the NFD
// name of café sorts before its NFC name, the Ohm sign (U+2126, whose NFC
// form is the Greek Omega U+03A9) after the Omega. A whole walk and a walk
// of Paths agree; a tree whose names are all NFC lists every file.
func TestDiscoverNormalizationClash(t *testing.T) {
	tests := []struct {
		name       string
		files      []string // names on disk
		want       string   // the path listed
		wantAbs    string   // the name on disk listed
		wantWarned bool
	}{
		{"NFD first", []string{"cafe\u0301.md", "caf\u00e9.md"}, "caf\u00e9.md", "cafe\u0301.md", true},
		{"NFC first", []string{"\u2126.md", "\u03a9.md"}, "\u03a9.md", "\u03a9.md", true},
		{"folders", []string{"\u2126/a.md", "\u03a9/a.md"}, "\u03a9/a.md", "\u03a9/a.md", true},
		{"one name", []string{"\u2126.md"}, "\u03a9.md", "\u2126.md", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			files := map[string]string{}
			for _, f := range tt.files {
				files[f] = "# " + f
			}
			writeTree(t, root, files)
			for _, paths := range [][]string{nil, {tt.want}} {
				got, warns, err := List(context.Background(), Options{Root: root, StatOnly: true, Paths: paths})
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != 1 || got[0].Path != tt.want || got[0].AbsPath != filepath.Join(root, filepath.FromSlash(tt.wantAbs)) {
					t.Errorf("Paths %q: listed %+v, want %q from %q", paths, got, tt.want, tt.wantAbs)
				}
				if warned := len(warns) == 1 && warns[0].File == tt.want; warned != tt.wantWarned || len(warns) > 1 {
					t.Errorf("Paths %q: warnings %+v, want a clash warning: %v", paths, warns, tt.wantWarned)
				}
			}
		})
	}
}
