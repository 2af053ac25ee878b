package static

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/embed/wordvec"
	"github.com/ubp-dev/ubp/internal/fixture"
)

func TestBuiltinModel(t *testing.T) {
	m, err := Model()
	if err != nil {
		t.Fatal(err)
	}
	if m.Dims() != 100 || m.Len() != 100000 {
		t.Fatalf("dims %d words %d, want 100 and 100000", m.Dims(), m.Len())
	}
	if id := ID(m); !regexp.MustCompile(`^static-glove-100d-100k-int8-sif1-[0-9a-f]{8}$`).MatchString(id) {
		t.Errorf("ID %q", id)
	}
	again, _ := Model()
	if again != m {
		t.Error("Model() parsed the data twice")
	}
	for _, w := range []string{"the", "search", "database", "embedding", "graph", "vector", "api"} {
		if _, _, ok := m.Lookup(w); !ok {
			t.Errorf("built-in model lacks %q", w)
		}
	}
	// Ranks come from GloVe's frequency order.
	_, rThe, _ := m.Lookup("the")
	_, rSearch, _ := m.Lookup("search")
	_, rEmbedding, _ := m.Lookup("embedding")
	if !(rThe == 1 && rThe < rSearch && rSearch < rEmbedding) {
		t.Errorf("ranks the=%d search=%d embedding=%d, want increasing from 1", rThe, rSearch, rEmbedding)
	}
	if got := m.Words("HybridSearch over embeddings"); !slices.Equal(got, []string{"hybrid", "search", "over", "embedding"}) {
		t.Errorf("Words = %q", got)
	}
}

// Semantic sanity on real vectors: each query is closer to its own passage
// than to the others.
func TestBuiltinModelSimilarity(t *testing.T) {
	m, err := Model()
	if err != nil {
		t.Fatal(err)
	}
	passages := []string{
		"The watcher observes file system events and re-indexes modified files as soon as they change.",
		"Results are ranked by combining vector similarity with the proximity of documents in the link graph.",
		"A document becomes outdated when the source code it references has been modified since it was written.",
		"The cat slept on the warm carpet all afternoon.",
	}
	queries := []string{
		"file change detection and monitoring",
		"search ranking algorithm with graph",
		"document freshness and staleness",
		"a kitten resting on a rug",
	}
	pv := make([][]float32, len(passages))
	for i, p := range passages {
		pv[i] = m.Embed(p)
	}
	for qi, q := range queries {
		t.Run(q, func(t *testing.T) {
			qv := m.Embed(q)
			best := -1
			bestSim := -2.0
			for pi := range pv {
				if s := wordvec.Cosine(qv, pv[pi]); s > bestSim {
					best, bestSim = pi, s
				}
			}
			if best != qi {
				t.Errorf("query %q is closest to passage %d, want %d", q, best, qi)
			}
		})
	}
}

// The real corpora: every English section gets a unit vector, Japanese
// documents' prose adds nothing beyond their Latin words.
func TestBuiltinModelOnCorpus(t *testing.T) {
	root := filepath.Join(fixture.MustCorpus(t, "unified-blueprint-docs"), "docs", "designs")
	en, err := os.ReadFile(filepath.Join(root, "search-algorithm.md"))
	if err != nil {
		t.Fatalf("read corpus: %v", err)
	}
	ja, err := os.ReadFile(filepath.Join(root, "search-algorithm.ja.md"))
	if err != nil {
		t.Fatalf("read corpus: %v", err)
	}
	m, _ := Model()
	ve, vj := m.Embed(string(en)), m.Embed(string(ja))
	if ve == nil || vj == nil {
		t.Fatal("no vector for a corpus document")
	}
	if n := math.Sqrt(wordvec.Cosine(ve, ve)); math.Abs(n-1) > 1e-5 {
		t.Errorf("|v| = %v", n)
	}
	words := m.Words(string(ja))
	for _, w := range words {
		if !wordvec.IsVocabularyWord(w) {
			t.Fatalf("Japanese doc yielded %q", w)
		}
	}
	if len(words) == 0 || len(words) > len(m.Words(string(en))) {
		t.Errorf("Japanese doc yielded %d words, English %d", len(words), len(m.Words(string(en))))
	}
}

// The model compiled into the binary is loaded without reading every byte
// for its checksum (wordvec.ParseEmbedded); this is where the checksum is
// checked, so a damaged glove100.bin fails the tests instead.
func TestEmbeddedModelChecksum(t *testing.T) {
	if _, err := wordvec.Parse(glove100); err != nil {
		t.Fatalf("the embedded glove100.bin does not pass the full check: %v (regenerate it with `make model`)", err)
	}
	damaged := []byte(glove100)
	damaged[len(damaged)-1] ^= 1
	if _, err := wordvec.Parse(string(damaged)); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("one flipped bit: err = %v, want a checksum mismatch", err)
	}
}

func BenchmarkLoadModel(b *testing.B) {
	b.SetBytes(int64(len(glove100)))
	for b.Loop() {
		if _, err := wordvec.Parse(glove100); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEmbedPassage(b *testing.B) {
	path := filepath.Join(fixture.MustCorpus(b, "unified-blueprint-docs"), "docs", "designs", "search-algorithm.md")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	// One section-sized passage (~2 KB).
	text := string(data)
	if i := strings.Index(text[2000:], "\n"); i >= 0 {
		text = text[:2000+i]
	}
	m, err := Model()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if m.Embed(text) == nil {
			b.Fatal("no vector")
		}
	}
}
