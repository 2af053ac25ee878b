package stale

import (
	"fmt"
	"testing"
)

// fooGo is a Go file declaring Foo, which returns %s.
const fooGo = "package src\n\n// Foo does foo.\nfunc Foo() int {\n\treturn %s\n}\n"

// writeCodeAndFoo writes code.txt as text and a.go with Foo returning ret:
// a file ref and a declaration ref changed together.
func (r *testRepo) writeCodeAndFoo(text, ret string) {
	r.write("code.txt", text)
	r.write("a.go", fmt.Sprintf(fooGo, ret))
}

// syncedDoc is doc.md with refs, synced under the index baseline to what
// the work tree holds now (each ref's fingerprint recorded), indexed on
// 2026-01-01 at noon.
func syncedDoc(t *testing.T, r *testRepo, refsOf ...string) DocInput {
	t.Helper()
	in := DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs(refsOf...),
		IndexedAt: mustTime(t, "2026-01-01T12:00:00Z"), Baselines: map[string]Fingerprint{}}
	for _, ref := range in.Refs {
		fp, err := FingerprintRef(r.dir, ref)
		if err != nil {
			t.Fatal(err)
		}
		in.Baselines[ref.String()] = fp
	}
	return in
}
