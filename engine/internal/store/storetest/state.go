package storetest

import (
	"context"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// IndexState reads what an index holds as a fixture.IndexState (documents
// by path, links with their resolved targets), through the storage layer,
// so tests compare an index built one way with one built another.
func IndexState(t testing.TB, q store.Querier) fixture.IndexState {
	t.Helper()
	ctx := context.Background()
	docIDs, err := pageread.DocIDsByPath(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	links, err := pageread.LinkTargets(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	s := fixture.NewIndexState(docIDs)
	for _, l := range links {
		s.AddLink(l.Source, l.Text, l.Line, l.Target, l.Ambiguous)
	}
	return s
}
