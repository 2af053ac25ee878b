package embed

import (
	"context"
	"sync"

	"github.com/ubp-dev/ubp/engine/embed/static"
	"github.com/ubp-dev/ubp/engine/embed/wordvec"
)

// Static is the built-in offline provider: SIF sentence vectors over the
// embedded GloVe model (see package wordvec for tokenisation and
// weighting). Its vectors are unit length and not yet freed of the
// corpus' common component.
type Static struct {
	once  sync.Once
	model *wordvec.Model
	err   error
}

// NewStatic returns the static provider; the model is parsed on first use.
func NewStatic() *Static { return &Static{} }

// NewStaticModel returns a static provider over m (tests, custom models).
func NewStaticModel(m *wordvec.Model) *Static {
	s := &Static{model: m}
	s.once.Do(func() {})
	return s
}

// Model loads (once) and returns the word-vector model.
func (s *Static) Model() (*wordvec.Model, error) {
	s.once.Do(func() { s.model, s.err = static.Model() })
	return s.model, s.err
}

// ModelID implements Provider. It is "static-unavailable" when the model
// cannot be loaded (then every Embed call returns the load error).
func (s *Static) ModelID() string {
	m, err := s.Model()
	if err != nil {
		return "static-unavailable"
	}
	return static.ID(m)
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
	m, err := s.Model()
	if err != nil {
		return nil, err
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		out[i] = m.Embed(t)
	}
	return out, nil
}

// EmbedQuery implements Provider.
func (s *Static) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	m, err := s.Model()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return m.Embed(text), nil
}
