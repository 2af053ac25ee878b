package graph

import (
	"testing"
)

func FuzzResolve(f *testing.F) {
	seeds := [][2]string{
		{"README.md", ""},
		{"designs/database.md", "../README.md"},
		{"designs/database.md", "../../../x"},
		{"", "/"},
		{"/", "//.."},
		{"./a/../..", "./"},
		{"notes/会議メモ.md", "会議メモ"},
		{"a.md", "my note (draft)"},
		{"a.md", "designs/database.md"},
		{"a.md", "\xff\xfe"},
		{"\x00", "e\u0301"},
		{"x/y/z.md", ".md"},
		{"x/y/z.md", "..markdown"},
		{"a.md", "DB"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	r := NewResolver(mainDocs)
	known := map[int64]bool{}
	for _, d := range mainDocs {
		known[d.ID] = true
	}
	f.Fuzz(func(t *testing.T, fromPath, target string) {
		res := r.Resolve(fromPath, target)
		if res.Resolved != (res.Rule != "") {
			t.Fatalf("Resolved=%v but Rule=%q", res.Resolved, res.Rule)
		}
		if !res.Resolved {
			if res.ID != 0 || res.Ambiguous || res.Candidates != nil {
				t.Fatalf("unresolved result carries data: %+v", res)
			}
			return
		}
		if !known[res.ID] {
			t.Fatalf("resolved to unknown id %d", res.ID)
		}
		if res.Ambiguous {
			if len(res.Candidates) < 2 || res.Candidates[0] != res.ID {
				t.Fatalf("bad candidates %+v", res)
			}
			seen := map[int64]bool{}
			for _, id := range res.Candidates {
				if seen[id] || !known[id] {
					t.Fatalf("candidate %d repeated or unknown: %+v", id, res)
				}
				seen[id] = true
			}
		} else if res.Candidates != nil {
			t.Fatalf("candidates without ambiguity: %+v", res)
		}
		// Resolving is a pure function of its input.
		if again := r.Resolve(fromPath, target); again.ID != res.ID || again.Rule != res.Rule {
			t.Fatalf("second Resolve gave %+v, first %+v", again, res)
		}
	})
}
