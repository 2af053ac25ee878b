-- Cells of the vector index (engine/vecstore), so that a nearest-neighbour
-- search reads a few cells instead of every vector once an index is large.
--
-- Above vecstore's cell threshold, the vectors are grouped by spherical
-- k-means into cells of about a thousand; vector_cells keeps each cell's
-- centroid (unit length, dims little-endian float32), and the vec0 table
-- section_vectors holds each vector under its cell as a partition key. A
-- search compares the query with every centroid and reads the vectors of
-- the nearest cells only. A smaller index has no rows here and one cell (0),
-- so its search is exact.
--
-- vector_index counts what the cells were built from: cell_basis is the
-- number of vectors when the index was last rewritten (and the cells
-- trained, when there are any), cell_pending how many were added since; the
-- cells are trained anew when the vectors have doubled, or when an index
-- without cells has grown past the threshold.
CREATE TABLE vector_cells (
    cell     INTEGER PRIMARY KEY,
    centroid BLOB NOT NULL
);
ALTER TABLE vector_index ADD COLUMN cell_basis INTEGER NOT NULL DEFAULT 0;
ALTER TABLE vector_index ADD COLUMN cell_pending INTEGER NOT NULL DEFAULT 0;
