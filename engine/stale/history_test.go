package stale

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

type seenFile struct {
	commit int
	status byte
	path   string
	from   string
}

func parseString(t testing.TB, s string, boundary map[string]bool) (*history, []seenFile, error) {
	var files []seenFile
	h, err := parseLog(strings.NewReader(s), boundary, func(c int, f fileChange) {
		files = append(files, seenFile{c, f.status, f.path, f.from})
	})
	return h, files, err
}

func TestParseLog(t *testing.T) {
	// As git writes it: record separator, NUL-separated fields, then
	// "\n" and NUL-separated status/path pairs; a merge lists the files
	// it changed itself, with one status letter per parent.
	out := "\x1eccc\x00bbb aaa\x002026-01-04T00:00:00+09:00\x00Ana Lima\x00Merge branch 'x'\x00" +
		"\nMM\x00resolved.go\x00AA\x00added.go\x00RR\x00moved.go\x00DD\x00gone.go\x00" +
		"\x1ebbb\x00aaa\x002026-01-03T00:00:00Z\x00Bo Chen\x00fix: spaces\x00\nM\x00dir/file with spaces.go\x00D\x00日本語/説明.md\x00A\x00odd\nname\x00R100\x00old/a.md\x00new/a.md\x00C100\x00b.md\x00c.md\x00" +
		"\x1eaaa\x00\x002026-01-01T00:00:00Z\x00Cy Diaz\x00\x00\nA\x00\x1estarts-with-rs\x00"
	h, files, err := parseString(t, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.commits) != 3 || h.linear {
		t.Fatalf("commits %+v linear %v", h.commits, h.linear)
	}
	if c := h.commits[1]; c.subject != "fix: spaces" {
		t.Errorf("subject %q", c.subject)
	}
	if c := h.commits[0]; c.hash != "ccc" || c.author != "Ana Lima" || c.when.Format("2006-01-02 -07:00") != "2026-01-04 +09:00" || len(c.parents) != 2 {
		t.Errorf("merge commit: %+v", c)
	}
	want := []seenFile{
		{0, 'M', "resolved.go", ""},
		{0, 'A', "added.go", ""},
		{0, 'M', "moved.go", ""},
		{0, 'D', "gone.go", ""},
		{1, 'M', "dir/file with spaces.go", ""},
		{1, 'D', "日本語/説明.md", ""},
		{1, 'A', "odd\nname", ""},
		{1, 'R', "new/a.md", "old/a.md"},
		{1, 'A', "c.md", ""}, // a copy adds its new path
		{2, 'A', "\x1estarts-with-rs", ""},
	}
	if len(files) != len(want) {
		t.Fatalf("files %+v", files)
	}
	for i := range want {
		if files[i] != want[i] {
			t.Errorf("file %d: %+v, want %+v", i, files[i], want[i])
		}
	}
	if !isAncestorOrSelf(h, 2, 0) || !isAncestorOrSelf(h, 1, 0) || isAncestorOrSelf(h, 0, 1) || !isAncestorOrSelf(h, 1, 1) {
		t.Error("ancestry")
	}

	// Boundary commits of a shallow clone list no files.
	_, files, err = parseString(t, out, map[string]bool{"bbb": true})
	if err != nil || len(files) != 5 || files[4].commit != 2 {
		t.Errorf("boundary: %+v %v", files, err)
	}

	for _, bad := range []string{
		"M\x00x\x00", // status before a commit
		"\x1eaaa\x00\x00not-a-date\x00A\x00s\x00",                            // bad date
		"\x1eaaa\x00\x00",                                                    // truncated header
		"\x1eaaa\x00\x002026-01-01T00:00:00Z",                                // truncated header
		"\x1eaaa\x00\x002026-01-01T00:00:00Z\x00A\x00s\x00\nM\x00",           // status without path
		"\x1eaaa\x00\x002026-01-01T00:00:00Z\x00A\x00s\x00\nR100\x00old\x00", // move without its new path
	} {
		if _, _, err := parseString(t, bad, nil); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestAncestry: in a branchy history, a commit on a side branch is not an
// ancestor of a commit on main though it comes later in the log.
func TestAncestry(t *testing.T) {
	// 0 merge(1,2)  1 main  2 side  3 root
	out := "\x1em\x00a s\x002026-01-04T00:00:00Z\x00x\x00s\x00" +
		"\x1ea\x00r\x002026-01-03T00:00:00Z\x00x\x00s\x00" +
		"\x1es\x00r\x002026-01-02T00:00:00Z\x00x\x00s\x00" +
		"\x1er\x00\x002026-01-01T00:00:00Z\x00x\x00s\x00"
	h, _, err := parseString(t, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		c, d int
		want bool
	}{
		{2, 1, false}, {3, 1, true}, {3, 2, true}, {1, 0, true}, {2, 0, true}, {0, 0, true}, {0, 3, false},
	}
	for _, tt := range cases {
		t.Run(fmt.Sprint(tt.c, " over ", tt.d), func(t *testing.T) {
			if got := isAncestorOrSelf(h, tt.c, tt.d); got != tt.want {
				t.Errorf("covered(%d, %d) = %v", tt.c, tt.d, got)
			}
		})
	}
}

func TestParseStatus(t *testing.T) {
	out := []byte(" M a.go\x00D  gone.txt\x00?? new dir/f.txt\x00A  日本.md\x00R  to.md\x00from.md\x00RM edited.md\x00was.md\x00")
	got, err := parseStatus(out)
	if err != nil {
		t.Fatal(err)
	}
	want := []dirtyEntry{
		{path: "a.go"}, {path: "gone.txt", deleted: true}, {path: "new dir/f.txt"}, {path: "日本.md", added: true},
		{path: "from.md", deleted: true}, {path: "to.md", from: "from.md", moved: true},
		{path: "was.md", deleted: true}, {path: "edited.md", from: "was.md"},
	}
	if len(got) != len(want) {
		t.Fatalf("%+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%d: %+v, want %+v", i, got[i], want[i])
		}
	}
	for _, bad := range []string{"garbage\x00", "R  to.md"} {
		if _, err := parseStatus([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func FuzzParseLog(f *testing.F) {
	f.Add([]byte("\x1ebbb\x00aaa\x002026-01-03T00:00:00Z\x00Bo\x00s\x00\nM\x00a.go\x00\x1eaaa\x00\x002026-01-01T00:00:00Z\x00A\x00t\x00\nA\x00a.go\x00"))
	f.Add([]byte("\x1e\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := parseLog(bytes.NewReader(data), nil, func(c int, f fileChange) {})
		if err != nil {
			return
		}
		for i, c := range h.commits {
			for _, p := range c.parents {
				if p < 0 || p >= len(h.commits) {
					t.Fatalf("commit %d: parent %d out of range", i, p)
				}
			}
			// Ancestry must terminate and never panic, whatever the order.
			h.covered([]int{i}, len(h.commits)-1).has(len(h.commits) - 1)
		}
	})
}

func FuzzParseStatus(f *testing.F) {
	f.Add([]byte(" M a.go\x00?? b\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := parseStatus(data)
		if err == nil {
			for _, e := range entries {
				if e.path == "" {
					t.Fatal("empty path accepted")
				}
			}
		}
	})
}

// isAncestorOrSelf reports whether commit c is d or one of d's ancestors.
func isAncestorOrSelf(h *history, c, d int) bool {
	return h.covered([]int{d}, len(h.commits)-1).has(c)
}
