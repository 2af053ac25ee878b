package latentrows

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
)

// Model is the model's row: its rank, the sections it was trained on
// (Basis) and the sections placed in it since (Added).
type Model struct {
	Rank, Basis, Added int
}

// LoadModel reads the model's row; ok is false when no model was trained.
func LoadModel(ctx context.Context, q store.Querier) (m Model, ok bool, err error) {
	err = q.QueryRowContext(ctx, `SELECT rank, basis, added FROM latent_model WHERE id = 1`).Scan(&m.Rank, &m.Basis, &m.Added)
	if errors.Is(err, sql.ErrNoRows) {
		return Model{}, false, nil
	}
	if err != nil {
		return Model{}, false, fmt.Errorf("read the latent model: %w", err)
	}
	return m, true, nil
}

// Term is one term of the model: its IDF and its encoded vector.
type Term struct {
	Text string
	IDF  float32
	Vec  []byte
}

// Replace stores a new model in place of the old one: its row and terms.
// Every section's vector is dropped and the queue emptied: the caller
// places every section in the new space in the same transaction.
func Replace(ctx context.Context, tx *sql.Tx, m Model, terms []Term) error {
	stmts := []string{
		`DELETE FROM latent_terms`,
		`DELETE FROM section_latent`,
		`DELETE FROM latent_pending`,
	}
	for _, s := range stmts {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("replace the latent model: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO latent_model(id, rank, basis, added) VALUES (1, ?, ?, 0)`,
		m.Rank, m.Basis); err != nil {
		return fmt.Errorf("replace the latent model: %w", err)
	}
	ins, err := tx.PrepareContext(ctx, `INSERT INTO latent_terms(term, idf, vec) VALUES (?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("replace the latent model: %w", err)
	}
	defer ins.Close()
	for _, t := range terms {
		if _, err := ins.ExecContext(ctx, t.Text, t.IDF, t.Vec); err != nil {
			return fmt.Errorf("replace the latent model: write term %q: %w", t.Text, err)
		}
	}
	return nil
}

// Drop removes the model: its row, terms and section vectors; every
// section waits again for the next model.
func Drop(ctx context.Context, tx *sql.Tx) error {
	for _, s := range []string{
		`DELETE FROM latent_model`,
		`DELETE FROM latent_terms`,
		`DELETE FROM section_latent`,
		`INSERT OR IGNORE INTO latent_pending(id) SELECT id FROM sections`,
	} {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("drop the latent model: %w", err)
		}
	}
	return nil
}

// AddPlaced counts n more sections placed in the model since it was
// trained.
func AddPlaced(ctx context.Context, tx *sql.Tx, n int) error {
	if _, err := tx.ExecContext(ctx, `UPDATE latent_model SET added = added + ? WHERE id = 1`, n); err != nil {
		return fmt.Errorf("count the placed sections: %w", err)
	}
	return nil
}

// Terms reads those of the given terms the model holds, in the order of
// their text.
func Terms(ctx context.Context, q store.Querier, terms []string) ([]Term, error) {
	var out []Term
	err := sqlbatch.QueryKeys(ctx, q, terms, `SELECT term, idf, vec FROM latent_terms WHERE term IN (%s)`, func(rows *sql.Rows) error {
		var t Term
		if err := rows.Scan(&t.Text, &t.IDF, &t.Vec); err != nil {
			return err
		}
		out = append(out, t)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the latent terms: %w", err)
	}
	slices.SortFunc(out, func(a, b Term) int { return strings.Compare(a.Text, b.Text) })
	return out, nil
}

// Section is a section's text, to be placed in the space.
type Section struct {
	ID, Doc          int64
	Heading, Content string
}

// SectionIDs reads the ids of every section.
func SectionIDs(ctx context.Context, q store.Querier) ([]int64, error) {
	rows, err := q.QueryContext(ctx, `SELECT id FROM sections`)
	if err != nil {
		return nil, fmt.Errorf("read the sections: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("read the sections: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the sections: %w", err)
	}
	return ids, nil
}

// Sections calls fn with the text of each of the given sections.
func Sections(ctx context.Context, q store.Querier, ids []int64, fn func(Section) error) error {
	err := sqlbatch.QueryIDs(ctx, q, ids, `SELECT id, document_id, heading, content FROM sections WHERE id IN (%s)`, func(rows *sql.Rows) error {
		var s Section
		if err := rows.Scan(&s.ID, &s.Doc, &s.Heading, &s.Content); err != nil {
			return err
		}
		return fn(s)
	})
	if err != nil {
		return fmt.Errorf("read the sections: %w", err)
	}
	return nil
}

// EachSection calls fn for every section, in id order, with its text.
func EachSection(ctx context.Context, q store.Querier, fn func(Section) error) error {
	rows, err := q.QueryContext(ctx, `SELECT id, document_id, heading, content FROM sections ORDER BY id`)
	if err != nil {
		return fmt.Errorf("read the sections: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var s Section
		if err := rows.Scan(&s.ID, &s.Doc, &s.Heading, &s.Content); err != nil {
			return fmt.Errorf("read the sections: %w", err)
		}
		if err := fn(s); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read the sections: %w", err)
	}
	return nil
}

// CountSections is the number of sections in the index, counted up to
// limit (the count stops there: it reads at most limit rows).
func CountSections(ctx context.Context, q store.Querier, limit int) (int, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM sections LIMIT ?)`, limit).Scan(&n); err != nil {
		return 0, fmt.Errorf("count the sections: %w", err)
	}
	return n, nil
}

// CountPending is the number of sections waiting to be placed.
func CountPending(ctx context.Context, q store.Querier) (int, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM latent_pending`).Scan(&n); err != nil {
		return 0, fmt.Errorf("read the latent queue: %w", err)
	}
	return n, nil
}

// Pending reads up to limit queued sections with their text, in id order.
func Pending(ctx context.Context, tx *sql.Tx, limit int) ([]Section, error) {
	rows, err := tx.QueryContext(ctx, `SELECT p.id, s.document_id, s.heading, s.content
		FROM latent_pending AS p JOIN sections AS s ON s.id = p.id
		ORDER BY p.id LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("read the latent queue: %w", err)
	}
	defer rows.Close()
	var out []Section
	for rows.Next() {
		var s Section
		if err := rows.Scan(&s.ID, &s.Doc, &s.Heading, &s.Content); err != nil {
			return nil, fmt.Errorf("read the latent queue: %w", err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the latent queue: %w", err)
	}
	return out, nil
}

// Placer writes sections' vectors and takes them off the queue, through
// statements prepared on one transaction.
type Placer struct {
	ins, del *sql.Stmt
}

// NewPlacer prepares a Placer on tx; Close it when done.
func NewPlacer(ctx context.Context, tx *sql.Tx) (*Placer, error) {
	ins, err := tx.PrepareContext(ctx, `INSERT OR REPLACE INTO section_latent(doc, id, vec) VALUES (?, ?, ?)`)
	if err != nil {
		return nil, fmt.Errorf("place sections: %w", err)
	}
	del, err := tx.PrepareContext(ctx, `DELETE FROM latent_pending WHERE id = ?`)
	if err != nil {
		ins.Close()
		return nil, fmt.Errorf("place sections: %w", err)
	}
	return &Placer{ins: ins, del: del}, nil
}

// Place stores a section's vector (nil: the section holds no term of the
// model and gets none) and takes it off the queue.
func (p *Placer) Place(ctx context.Context, s Section, vec []byte) error {
	id := s.ID
	if vec != nil {
		if _, err := p.ins.ExecContext(ctx, s.Doc, id, vec); err != nil {
			return fmt.Errorf("place section %d: %w", id, err)
		}
	}
	if _, err := p.del.ExecContext(ctx, id); err != nil {
		return fmt.Errorf("place section %d: %w", id, err)
	}
	return nil
}

// Close releases the statements.
func (p *Placer) Close() {
	p.ins.Close()
	p.del.Close()
}

// DocumentVectors calls fn with every vector of the given documents'
// sections.
func DocumentVectors(ctx context.Context, q store.Querier, docs []int64, fn func(doc, section int64, vec []byte) error) error {
	err := sqlbatch.QueryIDs(ctx, q, docs, `SELECT doc, id, vec FROM section_latent WHERE doc IN (%s)`, func(rows *sql.Rows) error {
		var doc, sec int64
		var vec []byte
		if err := rows.Scan(&doc, &sec, &vec); err != nil {
			return err
		}
		return fn(doc, sec, vec)
	})
	if err != nil {
		return fmt.Errorf("read the section vectors: %w", err)
	}
	return nil
}
