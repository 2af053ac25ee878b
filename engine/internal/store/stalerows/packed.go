package stalerows

import (
	"cmp"
	"slices"

	"github.com/ubp-dev/ubp/engine/internal/store/packrows"
	"github.com/ubp-dev/ubp/index"
)

// unpackVersions reads RefsOf's packed documents (id, content hash, path),
// sorted by id, with their versions.
func unpackVersions(r *packrows.Reader) ([]DocRefs, error) {
	var docs []DocRefs
	for r.More() {
		d := DocRefs{DocumentID: r.Number(), Refs: []index.SourceRef{}}
		hash := r.Word()
		d.Version = hash + " " + r.Text()
		docs = append(docs, d)
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(docs, func(a, b DocRefs) int { return cmp.Compare(a.DocumentID, b.DocumentID) })
	return docs, nil
}

// packedRef is one row of RefsOf's packed source refs.
type packedRef struct {
	doc, line, id int64
	ref           index.SourceRef
}

// unpackRefs reads RefsOf's packed source refs (document id, line, row id,
// path, symbol) into docs (sorted by id), each document's refs by line,
// then row; refs of a document not in docs are left out.
func unpackRefs(r *packrows.Reader, docs []DocRefs) error {
	var refs []packedRef
	for r.More() {
		p := packedRef{doc: r.Number(), line: r.Number(), id: r.Number()}
		p.ref = index.SourceRef{Path: r.Text(), Symbol: r.Text(), Line: int(p.line)}
		refs = append(refs, p)
	}
	if err := r.Err(); err != nil {
		return err
	}
	slices.SortFunc(refs, func(a, b packedRef) int {
		return cmp.Or(cmp.Compare(a.doc, b.doc), cmp.Compare(a.line, b.line), cmp.Compare(a.id, b.id))
	})
	i := 0
	for _, p := range refs {
		for i < len(docs) && docs[i].DocumentID < p.doc {
			i++
		}
		if i == len(docs) {
			break
		}
		if docs[i].DocumentID == p.doc {
			docs[i].Refs = append(docs[i].Refs, p.ref)
		}
	}
	return nil
}
