package fulltext

import (
	"github.com/ubp-dev/ubp/engine/lexicon"
	"github.com/ubp-dev/ubp/engine/query"
)

// ParseQuery parses search text the way the project's configuration asks
// (search.translate): with "ja-en", Japanese words also look for their
// English glosses from the built-in glossary.
func ParseQuery(text, translate string) (query.Query, error) {
	if translate != "ja-en" || !lexicon.MayHaveJapanese(text) {
		return query.Parse(text), nil // nothing to translate: skip loading the glossary
	}
	g, err := lexicon.Builtin()
	if err != nil {
		return query.Query{}, err
	}
	return query.ParseTranslated(text, g), nil
}
