package docbody

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/docbody/docbodytest"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// bodyCases are the documents whose bodies the stored skeleton must give
// back byte for byte (shared with the other package's test).
var bodyCases = docbodytest.Cases

func TestBodySkeletonRebuildsTheBody(t *testing.T) {
	for _, c := range bodyCases {
		t.Run(c.Name, func(t *testing.T) {
			doc, _ := index.Parse(c.Path, []byte(c.Src))
			sk, kind := Skeleton(doc.Body, doc.BodySections())
			if (kind == KindSkeleton) != c.Skeleton {
				t.Fatalf("kind %d, want skeleton %v (skeleton %q)", kind, c.Skeleton, sk)
			}
			if kind == KindWhole {
				if sk != doc.Body {
					t.Fatalf("whole body stored as %q, want %q", sk, doc.Body)
				}
				return
			}
			body := doc.BodySections()
			contents := make([]string, len(body))
			for i, s := range body {
				contents[i] = s.Content
			}
			got, err := Rebuild(sk, contents)
			if err != nil || got != doc.Body {
				t.Fatalf("rebuilt %q, %v; want %q", got, err, doc.Body)
			}
			if len(sk) >= len(doc.Body) {
				t.Errorf("skeleton of %d bytes for a body of %d", len(sk), len(doc.Body))
			}
		})
	}
}

// TestBodySkeletonOverFixtureCorpora checks every Markdown file the repo
// holds: each body is rebuilt exactly, and most are stored as skeletons.
func TestBodySkeletonOverFixtureCorpora(t *testing.T) {
	root, err := fixture.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	var files, skeletons int
	for _, dir := range []string{"testdata/corpora", "engine/testdata", "docs"} {
		dir = filepath.Join(root, dir)
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return err
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			doc, _ := index.Parse(filepath.ToSlash(p), src)
			sk, kind := Skeleton(doc.Body, doc.BodySections())
			files++
			if kind == KindWhole {
				return nil
			}
			skeletons++
			body := doc.BodySections()
			contents := make([]string, len(body))
			for i, s := range body {
				contents[i] = s.Content
			}
			if got, err := Rebuild(sk, contents); err != nil || got != doc.Body {
				t.Errorf("%s: rebuilt body differs (%v)", p, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 40 || skeletons*10 < files*9 {
		t.Errorf("%d of %d fixture bodies stored as skeletons, want at least 90%%", skeletons, files)
	}
}

func TestRebuildRejectsAMismatch(t *testing.T) {
	if _, err := Rebuild("a\x00b\x00", []string{"x"}); err == nil {
		t.Fatal("two marks for one section: no error")
	}
}
