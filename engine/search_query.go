package engine

import (
	"github.com/ubp-dev/ubp/engine/lexicon"
	"github.com/ubp-dev/ubp/engine/query"
)

// parseQuery parses search text the way the project's configuration asks:
// with search.translate "ja-en", Japanese words also look for their English
// glosses from the built-in glossary.
func (e *Engine) parseQuery(text string) (query.Query, error) {
	if e.p.Config.Search.Translate != "ja-en" || !lexicon.MayHaveJapanese(text) {
		return query.Parse(text), nil // nothing to translate: skip loading the glossary
	}
	g, err := lexicon.Builtin()
	if err != nil {
		return query.Query{}, err
	}
	return query.ParseTranslated(text, g), nil
}

// WarmUp starts loading, in the background, what the first search would
// otherwise wait for (see warmSearch), so a long-running server answers its
// first query as fast as the rest.
func (e *Engine) WarmUp() {
	if e != nil && !e.warm.stop.Load() {
		e.warm.wg.Add(1)
		go e.warmSearch()
	}
}
