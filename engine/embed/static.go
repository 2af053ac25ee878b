package embed

import (
	"context"
	"fmt"
	"sync"

	"github.com/ubp-dev/ubp/engine/embed/jagloss"
	"github.com/ubp-dev/ubp/engine/lexicon"

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
	ja    *jagloss.Embedder // nil: Latin words only (NewStaticModel)
	id    string            // ModelID, fixed once the model is loaded
	err   error
}

// NewStatic returns the static provider; the model is parsed on first use.
func NewStatic() *Static { return &Static{} }

// NewStaticModel returns a static provider over m that embeds Latin words
// only (tests, custom models).
func NewStaticModel(m *wordvec.Model) *Static {
	s := &Static{model: m, id: static.ID(m)}
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
		g, err := lexicon.Builtin()
		if err != nil {
			s.err = err
			return
		}
		s.ja = jagloss.New(s.model, g)
		s.id = fmt.Sprintf("%s-ja%d-%s", static.ID(s.model), jagloss.Version, lexicon.Fingerprint())
	})
}

// embed is the sentence vector of text: its Latin words and, with the
// glossary, its Japanese words.
func (s *Static) embed(text string) []float32 {
	sent := s.model.NewSentence()
	sent.AddText(text)
	if s.ja != nil {
		s.ja.AddTo(sent, text)
	}
	return sent.Vector()
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
	for i, t := range texts {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		out[i] = s.embed(t)
	}
	return out, nil
}

// EmbedQuery implements Provider.
func (s *Static) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	if _, err := s.Model(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s.embed(text), nil
}
