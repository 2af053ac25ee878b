package linkrows

import (
	"context"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/indextest"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// LinksFrom reads the resolved links of the given sources only (a dangling
// link stays out); LinksTo the links to the given targets.
func TestLinksFromAndTo(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/a.md": "# A\n\nSee [[b]] and [[missing]].\n",
		"docs/b.md": "# B\n\n[[c|depends_on]]\n",
		"docs/c.md": "# C\n",
	})
	ix := indextest.Build(t, root)
	db, ids := ix.RDB, ix.DocIDs(t)
	names := map[int64]string{}
	for p, id := range ids {
		names[id] = p
	}
	read := func(t *testing.T, links func(context.Context, store.Querier, []int64, func(Link) error) error, paths ...string) []string {
		t.Helper()
		var of []int64
		for _, p := range paths {
			of = append(of, ids[p])
		}
		var got []string
		if err := links(ctx, db, of, func(l Link) error {
			got = append(got, names[l.Source]+" "+string(l.Type)+" "+names[l.Target])
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		return got
	}
	cases := []struct {
		name  string
		links func(context.Context, store.Querier, []int64, func(Link) error) error
		of    []string
		want  []string
	}{
		{"from a and b", LinksFrom, []string{"a.md", "b.md"},
			[]string{"a.md " + string(index.LinkReferences) + " b.md", "b.md " + string(index.LinkDependsOn) + " c.md"}},
		{"to c", LinksTo, []string{"c.md"}, []string{"b.md " + string(index.LinkDependsOn) + " c.md"}},
		{"to a", LinksTo, []string{"a.md"}, nil},
		{"from c", LinksFrom, []string{"c.md"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := read(t, tc.links, tc.of...); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
