package stalerows

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/ubp-dev/ubp/index"
)

// The packed texts RefsOf reads are rows written one after the other:
// numbers and hashes end with a space, other texts are their length in bytes, ':' and the
// bytes. So no separator needs escaping, and the texts are slices of the
// packed one.

// packText is the SQL of column expr packed as a text.
func packText(expr string) string {
	return `length(CAST((` + expr + `) AS BLOB)) || ':' || (` + expr + `)`
}

// errPacked is a packed text that does not read as RefsOf wrote it.
var errPacked = errors.New("malformed packed rows")

// packedReader reads a packed text from its start.
type packedReader struct {
	s   string
	err error
}

func (r *packedReader) more() bool { return r.err == nil && r.s != "" }

// word reads a text without spaces (a number, a hash) and its space.
func (r *packedReader) word() string {
	if r.err != nil {
		return ""
	}
	i := strings.IndexByte(r.s, ' ')
	if i < 0 {
		r.err = errPacked
		return ""
	}
	w := r.s[:i]
	r.s = r.s[i+1:]
	return w
}

// number reads an integer and its space.
func (r *packedReader) number() int64 {
	w := r.word()
	if r.err != nil {
		return 0
	}
	n, err := strconv.ParseInt(w, 10, 64)
	if err != nil {
		r.err = errPacked
		return 0
	}
	return n
}

// text reads a length-prefixed text.
func (r *packedReader) text() string {
	if r.err != nil {
		return ""
	}
	i := strings.IndexByte(r.s, ':')
	if i < 0 {
		r.err = errPacked
		return ""
	}
	n, err := strconv.Atoi(r.s[:i])
	if err != nil || n < 0 || n > len(r.s)-i-1 {
		r.err = errPacked
		return ""
	}
	t := r.s[i+1 : i+1+n]
	r.s = r.s[i+1+n:]
	return t
}

// unpackVersions reads RefsOf's packed documents (id, content hash, path),
// sorted by id, with their versions.
func unpackVersions(packed string) ([]DocRefs, error) {
	var docs []DocRefs
	r := packedReader{s: packed}
	for r.more() {
		d := DocRefs{DocumentID: r.number(), Refs: []index.SourceRef{}}
		hash := r.word()
		d.Version = hash + " " + r.text()
		docs = append(docs, d)
	}
	if r.err != nil {
		return nil, r.err
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
func unpackRefs(packed string, docs []DocRefs) error {
	var refs []packedRef
	r := packedReader{s: packed}
	for r.more() {
		p := packedRef{doc: r.number(), line: r.number(), id: r.number()}
		p.ref = index.SourceRef{Path: r.text(), Symbol: r.text(), Line: int(p.line)}
		refs = append(refs, p)
	}
	if r.err != nil {
		return r.err
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
