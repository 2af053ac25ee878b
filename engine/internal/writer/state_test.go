package writer

import (
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// indexState is what a rebuild must reproduce: each document's doc_id and
// title, and each link's target and ambiguity.
type indexState struct {
	DocIDs map[string]string // filepath → doc_id
	Links  map[string]string // "source|target text|line" → target filepath ("" dangling), "*" suffix when ambiguous
}

// state reads the index's indexState.
func (h *harness) state() indexState {
	h.t.Helper()
	t := h.t
	s := indexState{DocIDs: map[string]string{}, Links: map[string]string{}}
	rows, err := h.db.Query(`SELECT filepath, doc_id FROM documents`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var p, id string
		if err := rows.Scan(&p, &id); err != nil {
			t.Fatal(err)
		}
		s.DocIDs[p] = id
	}
	rows.Close()
	rows, err = h.db.Query(`SELECT s.filepath, l.target_text, l.line, coalesce(d.filepath, ''), l.ambiguous
		FROM links l JOIN documents s ON s.id = l.source_id LEFT JOIN documents d ON d.id = l.target_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var from, text, to string
		var line int
		var amb bool
		if err := rows.Scan(&from, &text, &line, &to, &amb); err != nil {
			t.Fatal(err)
		}
		if amb {
			to += "*"
		}
		s.Links[from+"|"+text+"|"+strconv.Itoa(line)] = to
	}
	return s
}

// rebuiltState indexes a copy of docs from scratch.
func rebuiltState(t *testing.T, docs string) indexState {
	t.Helper()
	root := t.TempDir()
	fixture.MustCopyTree(t, docs, filepath.Join(root, "docs"), time.Time{})
	h := newHarness(t, root)
	h.index(Options{})
	return h.state()
}
