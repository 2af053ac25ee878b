package scalecorpus

import (
	"fmt"
	"math/rand/v2"
)

// Queries are search queries over the corpus vocabulary: English ones as
// an agent would ask (natural questions and keyword pairs, common words
// included) and Japanese ones.
type Queries struct {
	English  []string
	Japanese []string
	// Keywords are one- and two-word full-text queries.
	Keywords []string
}

// MakeQueries returns n queries of each kind for seed.
func MakeQueries(seed uint64, n int) Queries {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) //nolint:gosec // a seeded generator for reproducible benchmark corpora, not for secrets
	var q Queries
	for k := range n {
		comp, obj := pick(r, components), pick(r, objects)
		switch k % 3 {
		case 0:
			q.English = append(q.English, fmt.Sprintf("how does the %s handle %s when %s", comp, obj, pick(r, conditions)))
		case 1:
			q.English = append(q.English, fmt.Sprintf("%s %s %s", pick(r, adjectives), comp, obj))
		default:
			q.English = append(q.English, fmt.Sprintf("what %s %s", pick(r, verbs), obj))
		}
		switch k % 2 {
		case 0:
			q.Japanese = append(q.Japanese, fmt.Sprintf("%sの%sを%s方法", pick(r, componentsJA), pick(r, objectsJA), pick(r, verbsJA)))
		default:
			q.Japanese = append(q.Japanese, fmt.Sprintf("%sで%s", pick(r, conditionsJA), pick(r, objectsJA)))
		}
		if k%2 == 0 {
			q.Keywords = append(q.Keywords, comp)
		} else {
			q.Keywords = append(q.Keywords, fmt.Sprintf("%s %s", comp, obj))
		}
	}
	return q
}
