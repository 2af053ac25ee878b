package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// suggestWords are the words of suggestCorpus, all known to the built-in
// model.
var suggestWords = strings.Fields(`cache memory eviction pressure threshold index search query vector
	document section heading link graph parse token model weight score rank
	server client request response stream file path change watch build test
	release version config option default limit error retry timeout network
	storage disk page table column row schema migration commit branch merge`)

// suggestCorpus is docs documents of perDoc sections of about size bytes
// of words each, a few words of its own per document; every fifth document from the second repeats the one
// before it with a few words changed, so that there are pairs to suggest.
func suggestCorpus(docs, perDoc, size int) map[string]string {
	r := rand.New(rand.NewPCG(5, 21))
	files := map[string]string{}
	var prev []string
	for d := range docs {
		var parts []string
		topic := make([]string, 6) // each document's own few words
		for k := range topic {
			topic[k] = suggestWords[r.IntN(len(suggestWords))]
		}
		for s := range perDoc {
			var b strings.Builder
			if d%5 == 1 {
				words := strings.Fields(prev[s])
				for k := 0; k < len(words); k += 40 {
					words[k] = suggestWords[r.IntN(len(suggestWords))]
				}
				b.WriteString(strings.Join(words, " "))
			} else {
				for b.Len() < size {
					b.WriteString(topic[r.IntN(len(topic))])
					b.WriteByte(' ')
				}
			}
			parts = append(parts, b.String())
		}
		prev = parts
		var page strings.Builder
		fmt.Fprintf(&page, "# %s\n", strings.Join(topic, " "))
		for s, p := range parts {
			fmt.Fprintf(&page, "\n## Part %d\n\n%s\n", s, p)
		}
		files[fmt.Sprintf("p%03d.md", d)] = page.String()
	}
	return files
}

// TestSuggestLinksHoldsNoSectionText: link suggestions by vectors hold a
// page of vectors and a few bytes a section (its id, document, groups
// and best partners), never the sections' text nor every document's
// metadata: they read the headings, lines and paths of the suggested
// pairs only. They held every section with its content (42 MB of
// live heap at 10,000 documents of the scale benchmark).
func TestSuggestLinksHoldsNoSectionText(t *testing.T) {
	const docs, perDoc, size = 200, 3, 8 << 10
	e := searchProject(t, suggestCorpus(docs, perDoc, size), DefaultConfig().Embedding.Provider)
	ctx := context.Background()
	st, ok, err := vecstore.ReadState(ctx, e.db)
	if err != nil || !ok {
		t.Fatalf("vector state: %v %v", ok, err)
	}
	vectors, err := vecstore.Count(ctx, e.db, st.Model)
	if err != nil {
		t.Fatal(err)
	}
	opts := SuggestOptions{MinScore: ptr(0.9)}
	if _, err := e.SuggestLinks(ctx, opts); err != nil { // the link graph is read once and kept
		t.Fatal(err)
	}
	probe := storetest.NewHeapProbe()
	got, err := e.SuggestLinks(probe.Context(ctx), opts)
	if err != nil || len(got) == 0 {
		t.Fatalf("SuggestLinks: %d suggestions, %v", len(got), err)
	}
	n := uint64(docs * perDoc)
	bound := uint64(vectors)*uint64(st.Dims*4+64) + 200*n + 256<<10
	t.Logf("%d suggestions; live heap grew by %d KB over %d samples (bound %d KB, text %d KB)",
		len(got), probe.Growth()>>10, probe.Samples(), bound>>10, n*size>>10)
	if probe.Growth() > bound {
		t.Errorf("SuggestLinks held %d KB at once over %d sections of %d KB of text, want at most %d KB (the %d vectors, 200 bytes a section and 256 KB)",
			probe.Growth()>>10, n, n*size>>10, bound>>10, vectors)
	}
}
