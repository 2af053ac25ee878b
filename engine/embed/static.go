package embed

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/ubp-dev/ubp/engine/embed/jagloss"
	"github.com/ubp-dev/ubp/engine/lexicon"
	"github.com/ubp-dev/ubp/engine/query/funcword"

	"github.com/ubp-dev/ubp/engine/embed/static"
	"github.com/ubp-dev/ubp/engine/embed/wordvec"
)

// Static is the built-in offline provider: SIF sentence vectors over the
// embedded GloVe model (see package wordvec for tokenisation and
// weighting), with Japanese words placed in the same space through their
// English glosses (package jagloss). Its vectors are unit length and not
// yet freed of the corpus' common component.
type Static struct {
	once  sync.Once
	model *wordvec.Model
	id    string // ModelID, fixed once the model is loaded
	err   error
	// latinOnly: no Japanese words (NewStaticModel).
	latinOnly bool
	// ja places Japanese words; it is built on the first text that may
	// have Japanese: English-only work never needs it.
	jaOnce sync.Once
	ja     *jagloss.Embedder
	jaErr  error
}

// NewStatic returns the static provider; the model is parsed on first use.
func NewStatic() *Static { return &Static{} }

// NewStaticModel returns a static provider over m that embeds Latin words
// only (tests, custom models).
func NewStaticModel(m *wordvec.Model) *Static {
	s := &Static{model: m, id: static.ID(m), latinOnly: true}
	s.once.Do(func() {})
	return s
}

// Model loads (once) and returns the word-vector model.
func (s *Static) Model() (*wordvec.Model, error) {
	s.load()
	return s.model, s.err
}

func (s *Static) load() {
	s.once.Do(func() {
		if s.model, s.err = static.Model(); s.err != nil {
			return
		}
		s.id = fmt.Sprintf("%s-ja%d-%s", static.ID(s.model), jagloss.Version, lexicon.Fingerprint())
	})
}

// japanese returns the Japanese word embedder, loading the glossary on
// first use; nil for a Latin-only model.
func (s *Static) japanese() (*jagloss.Embedder, error) {
	if s.latinOnly {
		return nil, nil
	}
	s.jaOnce.Do(func() {
		g, err := lexicon.Builtin()
		if err != nil {
			s.jaErr = err
			return
		}
		s.ja = jagloss.New(s.model, g)
	})
	return s.ja, s.jaErr
}

// embed is the sentence vector of text: its Latin words and, with the
// glossary, its Japanese words.
func (s *Static) embed(text string) ([]float32, error) {
	sent, err := s.sentence(text)
	if err != nil {
		return nil, err
	}
	return sent.Vector(), nil
}

// sentence adds the words of text embed uses to a new sentence.
func (s *Static) sentence(text string) (*wordvec.Sentence, error) {
	sent := s.model.NewSentence()
	sent.AddText(text)
	if lexicon.MayHaveJapanese(text) {
		ja, err := s.japanese()
		if err != nil {
			return nil, err
		}
		if ja != nil {
			ja.AddTo(sent, text)
		}
	}
	return sent, nil
}

// ModelID implements Provider. It is "static-unavailable" when the model
// cannot be loaded (then every Embed call returns the load error). With
// Japanese words it ends in "-ja" + jagloss.Version + the glossary's
// fingerprint, so a change of either re-embeds. It is computed once, at
// load: the fingerprint checksums the whole embedded glossary.
func (s *Static) ModelID() string {
	if _, err := s.Model(); err != nil {
		return "static-unavailable"
	}
	return s.id
}

// Dimensions implements Provider.
func (s *Static) Dimensions() int {
	m, err := s.Model()
	if err != nil {
		return 0
	}
	return m.Dims()
}

// EmbedPassages implements Provider.
func (s *Static) EmbedPassages(ctx context.Context, texts []string) ([][]float32, error) {
	if _, err := s.Model(); err != nil {
		return nil, err
	}
	out := make([][]float32, len(texts))
	// The model and the Japanese word cache are safe for concurrent use:
	// embed on every core, each worker taking every n-th text.
	workers := min(runtime.GOMAXPROCS(0), (len(texts)+passagesPerWorker-1)/passagesPerWorker)
	if workers <= 1 {
		return out, s.embedRange(ctx, texts, out, 0, 1)
	}
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = s.embedRange(ctx, texts, out, w, workers)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// passagesPerWorker: fewer texts than this a core are embedded on one
// goroutine (the static model embeds a section in tens of microseconds).
const passagesPerWorker = 32

// embedRange embeds texts[first], texts[first+step], … into out.
func (s *Static) embedRange(ctx context.Context, texts []string, out [][]float32, first, step int) error {
	for i := first; i < len(texts); i += step {
		if (i-first)/step%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		v, err := s.embed(texts[i])
		if err != nil {
			return err
		}
		out[i] = v
	}
	return nil
}

// EmbedQuery implements Provider. A query whose every known word is a
// function word (funcword.Is: "how do I", or "how do I zzzqqq",
// zzzqqq being no word of the model) has no vector, like one of hiragana
// only: a vector of grammatical words carries no meaning, and it found
// every page of a project as "similar in meaning".
func (s *Static) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	if _, err := s.Model(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sent, err := s.sentence(text)
	if err != nil {
		return nil, err
	}
	function := 0
	for _, w := range s.model.Words(text) {
		if funcword.Is(w) {
			function++
		}
	}
	if sent.Known() == function {
		return nil, nil
	}
	return sent.Vector(), nil
}
