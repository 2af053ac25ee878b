// Package latentrun keeps the latent space (engine/internal/latent) up to
// date after each indexing run: it trains the model when there is none and
// the index holds at least MinSections sections, or when the sections
// placed since the last training, with those waiting to be placed, reach
// the number of sections the index held then (the sections doubled, or a
// full re-index queued them all), or on a full re-index, and places every
// new or changed section in the space.
//
// A training reads at most MaxTrainSections sections (an even sample of
// a larger index) and places every section in the new space in the same
// transaction, so a search never sees two spaces mixed. Its cost is spread
// over as many placements as the index held sections; placing a section
// reads the model's vectors of its terms only.
//
// It reads and writes through engine/internal/store/latentrows.
package latentrun
