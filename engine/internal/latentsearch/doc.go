// Package latentsearch is the latent signal of a search: the query placed
// in the space learned from the corpus (engine/internal/latent), compared
// with the sections of the documents full text ranked best. A document
// scores the best cosine of its sections.
//
// It re-scores full text's candidates instead of searching the whole
// space: measured on every set, the nearest sections of the whole space
// lowered cisi (0.444 → 0.437) where full text's best 200 documents did
// not, and reading 200 documents' vectors costs the same at any corpus
// size.
//
// It reads through engine/internal/store/latentrows.
package latentsearch
