package engine

import (
	"github.com/ubp-dev/ubp/engine/lexicon"
	"github.com/ubp-dev/ubp/engine/query"
)

// parseQuery parses search text the way the project's configuration asks:
// with search.translate "ja-en", Japanese words also look for their English
// glosses from the built-in glossary.
func (e *Engine) parseQuery(text string) (query.Query, error) {
	if e.p.Config.Search.Translate != "ja-en" {
		return query.Parse(text), nil
	}
	g, err := lexicon.Builtin()
	if err != nil {
		return query.Query{}, err
	}
	return query.ParseTranslated(text, g), nil
}
