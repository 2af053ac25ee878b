// Package vecstore keeps section vectors in the index database and finds
// the nearest ones with sqlite-vec.
//
// Two layers (schema in migrations/0002_embeddings.sql):
//
//   - section_embeddings: one row per embedded section, with the model id
//     and a hash of the embedded text (TextHash). Pending lists sections
//     whose vector is missing, from another model or for changed text; Put
//     stores new ones. Rows cascade away with their sections. Each vector
//     is stored once (raw.go): the row keeps no copy of a vector in the
//     vec0 table, only the two numbers (along, scale) that give its raw
//     vector back from it; raw vectors not indexed yet wait in
//     staged_vectors (PutRaw).
//   - section_vectors: a vec0 virtual table (float[dims], cosine distance)
//     holding the current model's vectors minus the corpus' common
//     component, which Nearest searches. Ensure creates it for the model's
//     dimensions and drops and rebuilds it when the model or dimensions
//     change, so vectors of different models are never compared. A trigger
//     deletes a section's row when its section_embeddings row goes, and
//     Ensure also sweeps rows left by a database written without foreign
//     keys. SetComponent stores a new common component and reprojects the
//     table from the raw vectors. A vector lives as long as its table:
//     when Ensure drops the table for another model, or finds it lost,
//     its sections are embedded again.
//   - vector_cells: above CellThreshold vectors, the centroids that split
//     section_vectors into cells (its partition key), so that Nearest reads
//     the ProbeCells cells nearest the query instead of every vector
//     (cells.go). Reproject trains them; Put files new vectors under their
//     nearest centroid; CellsDue says when to train them anew.
//
// A run of the engine: Ensure(model, dims) → Pending(model) → LoadTexts →
// embed → Put → (CommonComponent → SetComponent) →
// (CellsDue → Reproject). All
// writes take the caller's transaction; every function takes the caller's
// context.
//
// The database must have sqlite-vec loaded (sqlite_vec.Auto()) and should
// run with foreign keys on.
//
// It is part of the storage layer: it reads and writes section_embeddings,
// section_vectors, vector_index and vector_cells, and reads sections and
// documents for the texts to embed. The k-means that trains the cells
// (cells.go) and the vector codec stay here because they serve the
// storage: the cells are the vec0 table's partition key and the codec is
// its BLOB format. The embedding step (engine/internal/embedrun), vector
// retrieval (engine/internal/vecsearch), link suggestions
// (engine/internal/suggest) and the engine call it. It imports the
// storage root (its Querier and Execer), engine/internal/store/sqlbatch
// and engine/embed (the common component's removal, pure arithmetic);
// never retrieval, search, the writer, the read side nor the engine.
package vecstore

import (
	"errors"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Querier reads: the storage layer's store.Querier.
type Querier = store.Querier

// Execer reads and writes; pass a transaction so that a step is atomic.
type Execer interface {
	store.Querier
	store.Execer
}

// ErrNoIndex says there is no vector index for the model asked about:
// nothing has been embedded yet, or the index holds another model's
// vectors. Callers fall back to non-vector search.
var ErrNoIndex = errors.New("no vector index for this embedding model")

// vecTable and vecTrigger are the run-time objects Ensure manages.
const (
	vecTable   = "section_vectors"
	vecTrigger = "section_embeddings_vec_delete"
)
