package engine

import (
	"context"
	"strconv"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/migrations"
)

// undoMigration holds, per schema version, the statements that take an
// index back to the version before it, for the tests that migrate an
// older index forward. Every migration from 10 on has an entry.
var undoMigration = map[int][]string{
	10: {
		`DROP TRIGGER sections_words_ai`, `DROP TRIGGER sections_words_ad`, `DROP TRIGGER sections_words_au`,
		`DROP TABLE sections_words`,
	},
	11: {
		`DROP TABLE vector_cells`,
		`ALTER TABLE vector_index DROP COLUMN cell_basis`,
		`ALTER TABLE vector_index DROP COLUMN cell_pending`,
	},
	12: {
		`ALTER TABLE links DROP COLUMN rendered`,
	},
	13: {
		`DROP TRIGGER embedding_counts_ai`, `DROP TRIGGER embedding_counts_ad`, `DROP TRIGGER embedding_counts_au`,
		`DROP TABLE embedding_counts`,
	},
	14: {
		`DROP TRIGGER sections_fts_ai`, `DROP TRIGGER sections_fts_ad`, `DROP TRIGGER sections_fts_au`,
		`DROP TRIGGER sections_words_ai`, `DROP TRIGGER sections_words_ad`, `DROP TRIGGER sections_words_au`,
		`DROP TABLE sections_fts`, `DROP TABLE sections_words`, `DROP VIEW sections_folded`,
		`ALTER TABLE sections DROP COLUMN folds`,
		`CREATE VIRTUAL TABLE sections_fts USING fts5(heading, content, content='sections', content_rowid='id', tokenize='trigram')`,
		`CREATE TRIGGER sections_fts_ai AFTER INSERT ON sections BEGIN
			INSERT INTO sections_fts(rowid, heading, content) VALUES (new.id, new.heading, new.content); END`,
		`CREATE TRIGGER sections_fts_ad AFTER DELETE ON sections BEGIN
			INSERT INTO sections_fts(sections_fts, rowid, heading, content) VALUES ('delete', old.id, old.heading, old.content); END`,
		`CREATE TRIGGER sections_fts_au AFTER UPDATE ON sections BEGIN
			INSERT INTO sections_fts(sections_fts, rowid, heading, content) VALUES ('delete', old.id, old.heading, old.content);
			INSERT INTO sections_fts(rowid, heading, content) VALUES (new.id, new.heading, new.content); END`,
		`CREATE VIRTUAL TABLE sections_words USING fts5(heading, content, content='sections', content_rowid='id',
			tokenize="unicode61 remove_diacritics 2 categories 'Ll Lu Lt Nd'")`,
		`CREATE TRIGGER sections_words_ai AFTER INSERT ON sections BEGIN
			INSERT INTO sections_words(rowid, heading, content) VALUES (new.id, new.heading, new.content); END`,
		`CREATE TRIGGER sections_words_ad AFTER DELETE ON sections BEGIN
			INSERT INTO sections_words(sections_words, rowid, heading, content) VALUES ('delete', old.id, old.heading, old.content); END`,
		`CREATE TRIGGER sections_words_au AFTER UPDATE ON sections BEGIN
			INSERT INTO sections_words(sections_words, rowid, heading, content) VALUES ('delete', old.id, old.heading, old.content);
			INSERT INTO sections_words(rowid, heading, content) VALUES (new.id, new.heading, new.content); END`,
		`INSERT INTO sections_fts(sections_fts) VALUES ('rebuild')`,
		`INSERT INTO sections_words(sections_words) VALUES ('rebuild')`,
	},
	// 15 changes data only (the link keys, written again by the next
	// run): nothing to undo in the schema.
	15: {},
	16: {
		`DROP INDEX documents_with_warnings`,
		`ALTER TABLE documents DROP COLUMN warnings`,
	},
	17: {
		`ALTER TABLE documents DROP COLUMN body_line`,
	},
	// 18 changes data only (the link keys, and links a re-index finds).
	18: {},
	// 19 changes data only (the short-term postings, written again by
	// the next run).
	19: {},
	20: {
		`DROP TRIGGER latent_ai`, `DROP TRIGGER latent_au`, `DROP TRIGGER latent_ad`,
		`DROP TABLE latent_model`, `DROP TABLE latent_terms`, `DROP TABLE section_latent`, `DROP TABLE latent_pending`,
	},
	// 21 changes data only (the frontmatter's sections, which the
	// re-index it asks for writes).
	21: {},
	// 22 changes data only (the links inside MkDocs admonitions, which
	// the re-index it asks for finds).
	22: {},
	// 23 changes data only (the links out of the docs folder, which the
	// re-index it asks for drops).
	23: {},
	// 24 changes data only (the headings' explicit ids, which the
	// re-index it asks for reads).
	24: {},
	// 25 changes data only (the titles, which the re-index it asks for
	// reads).
	25: {},
	// 26 changes data only (the links of frontmatter values, of split
	// wiki-link text and to folders, which the re-index it asks for finds).
	26: {},
	// 27 stores each vector once: an index before it kept every raw
	// vector in section_embeddings. SQL cannot restore them from the vec0
	// table, so the undone index lacks the vectors indexed since (their
	// sections are embedded again, as after a lost table).
	27: {
		`DELETE FROM section_embeddings WHERE dims > 0 AND length(vector) = 0`,
		`DROP TABLE staged_vectors`,
		`ALTER TABLE section_embeddings DROP COLUMN along`,
		`ALTER TABLE section_embeddings DROP COLUMN scale`,
	},
	// 28 adds the covering index of the file stats; the rest is data
	// (the keys and links the re-index it asks for writes again).
	28: {`DROP INDEX documents_file_stats`},
	// 29 only asks for a re-index (wiki-links in a Markdown link's text).
	29: {},
	// 31 only asks for a re-index (sub-headings open the part they head).
	31: {},
	// 32 only queues sections for the short-term postings (data).
	32: {},
	// 33 adds the checker revision of the staleness snapshot.
	33: {`ALTER TABLE staleness_snapshot DROP COLUMN checker`},
	// 30 queues every section for the short-term postings, whose triggers
	// queued only sections with non-ASCII text before.
	30: {
		`DROP TRIGGER section_units_ai`, `DROP TRIGGER section_units_au`,
		`CREATE TRIGGER section_units_ai AFTER INSERT ON sections
		WHEN length(new.heading) < length(CAST(new.heading AS BLOB)) OR length(new.content) < length(CAST(new.content AS BLOB)) BEGIN
			INSERT OR IGNORE INTO section_units_pending(id) VALUES (new.id);
		END`,
		`CREATE TRIGGER section_units_au AFTER UPDATE OF heading, content ON sections BEGIN
			DELETE FROM section_units WHERE rowid = old.id;
			INSERT OR IGNORE INTO section_units_pending(id)
				SELECT new.id WHERE length(new.heading) < length(CAST(new.heading AS BLOB)) OR length(new.content) < length(CAST(new.content AS BLOB));
		END`,
	},
}

// undoAfter returns the statements that take a latest-schema index back to
// version v, newest migration first.
func undoAfter(t *testing.T, v int) []string {
	t.Helper()
	var out []string
	for ver := migrations.Latest(); ver > v; ver-- {
		stmts, ok := undoMigration[ver]
		if !ok {
			t.Fatalf("no undo statements for migration %d (add them to undoMigration)", ver)
		}
		out = append(out, stmts...)
	}
	return out
}

// reopenBefore takes e's index back to schema version v (the undo
// statements, then extra ones that stand for what that schema's code
// wrote), closes e and opens the project again, which migrates it to the
// latest version; it fails the test unless it does.
func reopenBefore(t *testing.T, e *Engine, v int, extra ...string) *Engine {
	t.Helper()
	ctx := context.Background()
	for _, stmt := range append(undoAfter(t, v), extra...) {
		if _, err := e.db.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	if err := store.SetMeta(ctx, e.db, store.MetaSchemaVersion, strconv.Itoa(v)); err != nil {
		t.Fatal(err)
	}
	p := e.Project()
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	e2 := coreOpen(t, p)
	if e2.version != migrations.Latest() {
		t.Fatalf("version %d after reopening, want %d", e2.version, migrations.Latest())
	}
	return e2
}
