package vecstore

import (
	"cmp"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/sqlbatch"
)

// Hub calibration. Nearest neighbours in a vector space have hubs: points
// close to a large share of all queries (Radovanović et al., "Hubs in
// Space", JMLR 2010). In a documentation corpus they are generic sections
// (a problem statement, an overview), and a long document with many of them
// wins vector search for questions it does not answer. Following CSLS
// (Conneau et al., "Word Translation Without Parallel Data", ICLR 2018),
// search scores a section by its cosine similarity minus a bias:
//
//		bias(s) = hubSectionWeight · r(s) + hubDocumentWeight · R(doc(s)) − mean
//
//	  - r(s): the mean similarity of s to its hubNeighbours nearest probe
//	    sections of other documents (how close s is to text in general);
//	  - R(d): the mean, over probe sections of other documents, of the
//	    similarity of d's best section to the probe (how well d answers an
//	    arbitrary question: high for a long document touching everything);
//	  - mean: the mean of the first two terms over all sections, so biases
//	    centre on 0 and calibrated scores stay on the cosine scale.
//
// Probes are every section, or an evenly spread sample of maxHubProbes in
// section id order, so the cost is at most maxHubProbes × sections dot
// products per recomputation.
const (
	hubSectionWeight  = 0.5
	hubDocumentWeight = 1.0
	hubNeighbours     = 10
	maxHubProbes      = 256
)

// HubInput is one section's calibration input: its id, its document and its
// vector as searched (common component removed).
type HubInput struct {
	Section, Doc int64
	Vector       []float32
}

// HubBiases computes every section's bias (see above). The result does not
// depend on the order of in. Vectors of another length than the first are
// left out.
func HubBiases(in []HubInput) map[int64]float64 {
	secs := slices.Clone(in)
	slices.SortFunc(secs, func(a, b HubInput) int { return cmp.Compare(a.Section, b.Section) })
	if len(secs) == 0 {
		return map[int64]float64{}
	}
	dims := len(secs[0].Vector)
	secs = slices.DeleteFunc(secs, func(s HubInput) bool { return len(s.Vector) != dims })
	n := len(secs)
	vecs := make([][]float32, n)
	docIdx := make([]int, n)
	docOf := map[int64]int{}
	for i, s := range secs {
		if vecs[i] = embed.Normalize(s.Vector); vecs[i] == nil {
			vecs[i] = make([]float32, dims) // a zero vector is similar to nothing
		}
		d, ok := docOf[s.Doc]
		if !ok {
			d = len(docOf)
			docOf[s.Doc] = d
		}
		docIdx[i] = d
	}
	probes := probeSample(n, maxHubProbes)

	// top[i*k:(i+1)*k] holds the hubNeighbours largest similarities of
	// section i to probes of other documents found so far, and floor[i] the
	// smallest of them (the one a larger similarity replaces).
	k := hubNeighbours
	top := make([]float32, n*k)
	for i := range top {
		top[i] = float32(math.Inf(-1))
	}
	floor := make([]float32, n)
	for i := range floor {
		floor[i] = float32(math.Inf(-1))
	}
	nd := len(docOf)
	docBest := make([]float32, nd)
	docSum := make([]float64, nd)
	docCount := make([]int, nd)
	for _, p := range probes {
		for d := range docBest {
			docBest[d] = float32(math.Inf(-1))
		}
		pv := vecs[p]
		for i, v := range vecs {
			if docIdx[i] == docIdx[p] {
				continue
			}
			sim := dot(pv, v)
			if sim > docBest[docIdx[i]] {
				docBest[docIdx[i]] = sim
			}
			if sim > floor[i] {
				floor[i] = insertTop(top[i*k:(i+1)*k], sim)
			}
		}
		for d, b := range docBest {
			if d != docIdx[p] && !math.IsInf(float64(b), -1) {
				docSum[d] += float64(b)
				docCount[d]++
			}
		}
	}
	raw := make([]float64, n)
	var mean float64
	for i := range secs {
		var sum float64
		got := 0
		for _, x := range top[i*k : (i+1)*k] {
			if !math.IsInf(float64(x), -1) {
				sum += float64(x)
				got++
			}
		}
		if got > 0 {
			raw[i] += hubSectionWeight * sum / float64(got)
		}
		if c := docCount[docIdx[i]]; c > 0 {
			raw[i] += hubDocumentWeight * docSum[docIdx[i]] / float64(c)
		}
		mean += raw[i]
	}
	mean /= float64(n)
	out := make(map[int64]float64, n)
	for i, s := range secs {
		out[s.Section] = raw[i] - mean
	}
	return out
}

// probeSample returns limit positions evenly spread over 0..n-1 (all of
// them when n ≤ limit).
func probeSample(n, limit int) []int {
	if n <= limit {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, limit)
	for j := range out {
		out[j] = j * n / limit
	}
	return out
}

// insertTop replaces the smallest value of top (kept unsorted) by x, which
// must be larger, and returns the new smallest.
func insertTop(top []float32, x float32) float32 {
	lo := 0
	for j := 1; j < len(top); j++ {
		if top[j] < top[lo] {
			lo = j
		}
	}
	top[lo] = x
	m := top[0]
	for _, y := range top[1:] {
		m = min(m, y)
	}
	return m
}

// dot is the dot product of two vectors of equal length, four lanes at a
// time.
func dot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// RefreshHubness recomputes the section biases of model when the vectors
// searched (or the sections they belong to) changed since they were
// computed; it reports whether it did. Run it in a transaction.
func RefreshHubness(ctx context.Context, x Execer, model string) (bool, error) {
	s, err := stateFor(ctx, x, model)
	if err != nil {
		return false, err
	}
	fp, err := hubFingerprint(ctx, x, model, s.Component)
	if err != nil {
		return false, err
	}
	var oldModel, oldFP string
	err = x.QueryRowContext(ctx, `SELECT model, fingerprint FROM vector_hubness_state WHERE id = 1`).Scan(&oldModel, &oldFP)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return false, fmt.Errorf("vector hubness: read state: %w", err)
	}
	if oldModel == model && oldFP == fp {
		return false, nil
	}
	in, err := hubInputs(ctx, x)
	if err != nil {
		return false, err
	}
	biases := HubBiases(in)
	if _, err := x.ExecContext(ctx, `DELETE FROM section_hubness`); err != nil {
		return false, fmt.Errorf("vector hubness: clear: %w", err)
	}
	ins, err := prepare(ctx, x, `INSERT INTO section_hubness(section_id, bias) VALUES (?, ?)`)
	if err != nil {
		return false, fmt.Errorf("vector hubness: %w", err)
	}
	defer ins.close()
	for _, h := range in {
		if _, err := ins.exec(ctx, h.Section, biases[h.Section]); err != nil {
			return false, fmt.Errorf("vector hubness: section %d: %w", h.Section, err)
		}
	}
	if _, err := x.ExecContext(ctx, `INSERT INTO vector_hubness_state(id, model, fingerprint) VALUES (1, ?, ?)
		ON CONFLICT(id) DO UPDATE SET model = excluded.model, fingerprint = excluded.fingerprint`, model, fp); err != nil {
		return false, fmt.Errorf("vector hubness: record state: %w", err)
	}
	return true, nil
}

// hubInputs reads every searched vector with its section's document.
func hubInputs(ctx context.Context, q Querier) ([]HubInput, error) {
	rows, err := q.QueryContext(ctx, `SELECT v.rowid, s.document_id, v.embedding
		FROM `+vecTable+` v JOIN sections s ON s.id = v.rowid ORDER BY v.rowid`)
	if err != nil {
		return nil, fmt.Errorf("vector hubness: read vectors: %w", err)
	}
	defer rows.Close()
	var out []HubInput
	for rows.Next() {
		var (
			h    HubInput
			blob []byte
		)
		if err := rows.Scan(&h.Section, &h.Doc, &blob); err != nil {
			return nil, fmt.Errorf("vector hubness: read vectors: %w", err)
		}
		if h.Vector, err = decodeVector(blob, -1); err != nil {
			return nil, fmt.Errorf("vector hubness: section %d: %w", h.Section, err)
		}
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("vector hubness: read vectors: %w", err)
	}
	return out, nil
}

// hubFingerprint names the input of a calibration without reading the
// vectors: every embedded section's id, document and text hash (which with
// the model fix its raw vector), and the component removed from them.
func hubFingerprint(ctx context.Context, q Querier, model string, component []float32) (string, error) {
	rows, err := q.QueryContext(ctx, `SELECT se.section_id, s.document_id, se.text_hash
		FROM section_embeddings se JOIN sections s ON s.id = se.section_id
		WHERE se.model = ? AND se.dims > 0 ORDER BY se.section_id`, model)
	if err != nil {
		return "", fmt.Errorf("vector hubness: read sections: %w", err)
	}
	defer rows.Close()
	h := sha256.New()
	var (
		buf      [16]byte
		id, doc  int64
		textHash string
	)
	for rows.Next() {
		if err := rows.Scan(&id, &doc, &textHash); err != nil {
			return "", fmt.Errorf("vector hubness: read sections: %w", err)
		}
		binary.LittleEndian.PutUint64(buf[:8], uint64(id))
		binary.LittleEndian.PutUint64(buf[8:], uint64(doc))
		h.Write(buf[:])
		h.Write([]byte(textHash))
		h.Write([]byte{0})
	}
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("vector hubness: read sections: %w", err)
	}
	h.Write([]byte{0xff})
	h.Write(encodeVector(component))
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// HubBias returns the stored bias of each of ids that has one, when the
// stored calibration is model's; an empty map otherwise (no calibration:
// every bias 0).
func HubBias(ctx context.Context, q Querier, model string, ids []int64) (map[int64]float64, error) {
	out := map[int64]float64{}
	var stored string
	err := q.QueryRowContext(ctx, `SELECT model FROM vector_hubness_state WHERE id = 1`).Scan(&stored)
	if errors.Is(err, sql.ErrNoRows) || err == nil && stored != model {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read vector hubness: %w", err)
	}
	err = sqlbatch.QueryIDs(ctx, q, ids, `SELECT section_id, bias FROM section_hubness WHERE section_id IN (%s)`, func(r *sql.Rows) error {
		var id int64
		var b float64
		if err := r.Scan(&id, &b); err != nil {
			return err
		}
		out[id] = b
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read vector hubness: %w", err)
	}
	return out, nil
}
