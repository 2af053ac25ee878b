package vecstore

import (
	"context"
	"database/sql"
)

// stmt runs one statement many times: prepared when the Execer can
// prepare (*sql.Tx, *sql.DB, *sql.Conn), else through ExecContext.
type stmt struct {
	x     Execer
	query string
	st    *sql.Stmt
}

func prepare(ctx context.Context, x Execer, query string) (*stmt, error) {
	s := &stmt{x: x, query: query}
	if p, ok := x.(interface {
		PrepareContext(context.Context, string) (*sql.Stmt, error)
	}); ok {
		st, err := p.PrepareContext(ctx, query)
		if err != nil {
			return nil, err
		}
		s.st = st
	}
	return s, nil
}

func (s *stmt) exec(ctx context.Context, args ...any) (sql.Result, error) {
	if s.st != nil {
		return s.st.ExecContext(ctx, args...)
	}
	return s.x.ExecContext(ctx, s.query, args...)
}

func (s *stmt) close() {
	if s.st != nil {
		s.st.Close()
	}
}
