package writer

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
	"github.com/ubp-dev/ubp/internal/scalecorpus"
)

// deferredIndexList names the indexes of links a first build drops.
const deferredIndexList = `'links_target', 'links_dangling', 'links_name_key', 'links_text_key', 'links_ambiguous'`

// linkRows are the resolution columns of every link, in id order.
func linkRows(t *testing.T, h *harness) []string {
	t.Helper()
	rows, err := h.db.Query(`SELECT id, coalesce(target_id, -1), ambiguous, coalesce(name_key, '<null>'), text_key FROM links ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id, target, ambiguous int64
		var nameKey, textKey string
		if err := rows.Scan(&id, &target, &ambiguous, &nameKey, &textKey); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprint(id, target, ambiguous, nameKey, textKey))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// ftsCheck fails the test unless the full-text index matches the sections
// table exactly (FTS5's integrity check), its triggers are in place and no
// deferral is pending.
func ftsCheck(t *testing.T, h *harness) {
	t.Helper()
	ctx := context.Background()
	for _, table := range []string{"sections_fts", "sections_words"} {
		if _, err := h.db.ExecContext(ctx, fmt.Sprintf(`INSERT INTO %[1]s(%[1]s, rank) VALUES ('integrity-check', 1)`, table)); err != nil {
			t.Fatalf("full-text index %s does not match the sections: %v", table, err)
		}
		if n := h.count(`SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN (?1 || '_ai', ?1 || '_ad', ?1 || '_au')`, table); n != 3 {
			t.Fatalf("%d of the 3 triggers of %s are in place", n, table)
		}
	}
	if n := h.count(`SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%generation%'`); n != 9 {
		t.Fatalf("%d of the 9 generation triggers are in place", n)
	}
	if n := h.count(`SELECT count(*) FROM meta WHERE key = ?`, metaFTSDeferred); n != 0 {
		t.Fatal("a full-text deferral is still recorded")
	}
	if n := h.count(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN (` + deferredIndexList + `)`); n != 5 {
		t.Fatalf("%d of the 5 deferrable indexes of links are in place", n)
	}
	// A rebuild merges with a higher automerge; later updates get the
	// default back.
	if n := h.count(`SELECT count(*) FROM sections_fts_config WHERE k = 'automerge' AND v <> ?`, ftsAutomerge); n != 0 {
		t.Fatalf("automerge left at another value than %d", ftsAutomerge)
	}
}

// TestFirstBuildDefersFTS: a first build of many documents fills the
// full-text index in one rebuild; the result equals row-by-row indexing,
// and later edits go through the restored triggers.
func TestFirstBuildDefersFTS(t *testing.T) {
	root := t.TempDir()
	c := scalecorpus.Generate(scalecorpus.Options{Docs: ftsDeferMinDocs + 20, Seed: 5})
	if err := c.Write(root); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, root)
	if rep := h.index(Options{}); rep.Added != len(c.Docs) {
		t.Fatalf("added %d, want %d", rep.Added, len(c.Docs))
	}
	ftsCheck(t, h)
	// Its links were resolved before the indexes came back, as a full
	// re-resolution would resolve them.
	resolved := linkRows(t, h)
	if n := h.count(`SELECT count(*) FROM links WHERE target_id IS NOT NULL`); n == 0 {
		t.Fatal("the first build resolved no link")
	}
	if _, err := h.db.Exec(`INSERT OR REPLACE INTO meta(key, value) VALUES (?, '1')`, MetaNeedsRelink); err != nil {
		t.Fatal(err)
	}
	var stats RelinkStats
	h.index(Options{RelinkStats: &stats})
	if !stats.Full || stats.Examined != len(resolved) {
		t.Fatalf("re-resolution %+v, want every one of the %d links examined", stats, len(resolved))
	}
	if again := linkRows(t, h); !slices.Equal(again, resolved) {
		t.Errorf("a full re-resolution changed the links of the first build")
	}
	// The generation counters moved (once, at the end) and their
	// triggers are back: an edit moves them again.
	gen := func() (search, link int) {
		return h.count(`SELECT n FROM search_generation`), h.count(`SELECT n FROM link_generation`)
	}
	s0, l0 := gen()
	if s0 == 0 || l0 == 0 {
		t.Errorf("generations after the first build: search %d, link %d; want both moved", s0, l0)
	}
	sections := h.count(`SELECT count(*) FROM sections`)
	if n := h.count(`SELECT count(*) FROM sections_fts WHERE sections_fts MATCH 'the'`); n == 0 || sections == 0 {
		t.Fatalf("%d sections, %d with 'the' in the full-text index", sections, n)
	}
	// An edit after the build is indexed through the triggers.
	path := filepath.Join(root, "docs", filepath.FromSlash(c.Docs[3].Path))
	fixture.Edit(t, path, c.Docs[3].Text+"\nA note on zqvkdeferred words.\n")
	if _, err := h.indexPaths(Options{}, path); err != nil {
		t.Fatal(err)
	}
	if n := h.count(`SELECT count(*) FROM sections_fts WHERE sections_fts MATCH 'zqvkdeferred'`); n != 1 {
		t.Errorf("edited section found %d times, want 1", n)
	}
	if n := h.count(`SELECT count(*) FROM sections_words WHERE sections_words MATCH 'zqvkdeferred'`); n != 1 {
		t.Errorf("edited section found %d times in the word index, want 1", n)
	}
	if s1, l1 := gen(); s1 <= s0 || l1 <= l0 {
		t.Errorf("generations after an edit: search %d → %d, link %d → %d; want both moved", s0, s1, l0, l1)
	}
	ftsCheck(t, h)
	// A small first build keeps the triggers all along.
	small := newHarness(t, t.TempDir())
	fixture.WriteFiles(t, small.p.Root, map[string]string{"docs/a.md": "# A\n\nalpha words\n"})
	small.index(Options{})
	ftsCheck(t, small)
}

// TestInterruptedFirstBuildRestoresFTS: a first build stopped half-way
// leaves the deferral recorded; the next run restores the triggers and the
// index before anything else.
func TestInterruptedFirstBuildRestoresFTS(t *testing.T) {
	root := t.TempDir()
	c := scalecorpus.Generate(scalecorpus.Options{Docs: ftsDeferMinDocs + 50, Seed: 6})
	if err := c.Write(root); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, root)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := h.w.Run(ctx, h.p, Options{Progress: func(done, total int) {
		if done == total/2 {
			cancel()
		}
	}})
	if err == nil || ctx.Err() == nil {
		t.Fatalf("Index cancelled half-way: %v, want an error", err)
	}
	if n := h.count(`SELECT count(*) FROM meta WHERE key = ?`, metaFTSDeferred); n != 1 {
		t.Fatalf("deferral recorded %d times after the interruption, want 1", n)
	}
	if n := h.count(`SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND (name LIKE 'sections_fts_%' OR name LIKE 'sections_words_%' OR name LIKE '%generation%')`); n != 0 {
		t.Fatalf("%d full-text or generation triggers during the deferral, want 0", n)
	}
	if n := h.count(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN (` + deferredIndexList + `)`); n != 0 {
		t.Fatalf("%d deferrable indexes of links during the deferral, want 0", n)
	}
	genDuring := h.count(`SELECT n FROM search_generation`)
	// The next run (here one for a single file) restores everything.
	first := filepath.Join(root, "docs", filepath.FromSlash(c.Docs[0].Path))
	if _, err := h.indexPaths(Options{}, first); err != nil {
		t.Fatal(err)
	}
	ftsCheck(t, h)
	if n := h.count(`SELECT n FROM search_generation`); n <= genDuring {
		t.Errorf("search generation %d after the restore, %d before: want it moved", n, genDuring)
	}
	h.index(Options{})
	ftsCheck(t, h)
	if n := h.count(`SELECT count(*) FROM documents`); n != len(c.Docs) {
		t.Errorf("%d documents, want %d", n, len(c.Docs))
	}
}
