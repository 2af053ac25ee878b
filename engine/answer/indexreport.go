package answer

import (
	"github.com/ubp-dev/ubp/index"
)

// IndexReport counts what an indexing run did.
type IndexReport struct {
	Added     int `json:"added"`
	Updated   int `json:"updated"`
	Unchanged int `json:"unchanged"`
	Renamed   int `json:"renamed"`
	Deleted   int `json:"deleted"`
	Sections  int `json:"sections"`
	Links     int `json:"links"`
	Dangling  int `json:"dangling"`
	Ambiguous int `json:"ambiguous"`
	Embedded  int `json:"embedded"`
	// LatentTrained is the number of sections the run learnt the latent
	// space of long queries from anew and placed in it (absent: the run
	// only placed new and changed sections, or had too few sections).
	LatentTrained int             `json:"latent_trained,omitempty"`
	Warnings      []index.Warning `json:"warnings"`
	Elapsed       string          `json:"elapsed,omitempty"`
}
