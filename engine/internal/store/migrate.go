package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/migrations"
)

// SchemaVersion reads the schema version of the index: 0 for a database
// without the meta table (a new, empty file).
func SchemaVersion(ctx context.Context, q Querier) (int, error) {
	var n int
	if err := q.QueryRowContext(ctx,
		`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'`).Scan(&n); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	if n == 0 {
		return 0, nil
	}
	v, ok, err := GetMeta(ctx, q, MetaSchemaVersion)
	if err != nil || !ok {
		return 0, err
	}
	ver, err := strconv.Atoi(v)
	if err != nil {
		return 0, answer.WithRemedy(fmt.Errorf("read schema version: meta %s is %q, not a number", MetaSchemaVersion, v), answer.RemedyDeleteIndex)
	}
	return ver, nil
}

// newerSchemaError says the index was written by a newer ubp.
func newerSchemaError(path string, have, latest int) error {
	return answer.WithRemedy(fmt.Errorf("index %s has schema version %d but this ubp knows only up to %d", path, have, latest),
		answer.RemedyUpgrade)
}

// Migrate brings the database at path up to the latest schema. Each
// migration runs in one IMMEDIATE transaction that re-reads the version
// first, so two processes opening a new index at once apply each step
// exactly once. It returns the version reached.
func Migrate(ctx context.Context, db *sql.DB, path string) (int, error) {
	all, err := migrations.All()
	if err != nil {
		return 0, fmt.Errorf("load migrations: %w", err)
	}
	return MigrateWith(ctx, db, path, all)
}

// MigrateWith applies the steps of all (in version order) that the
// database has not reached yet.
func MigrateWith(ctx context.Context, db *sql.DB, path string, all []migrations.Migration) (int, error) {
	latest := 0
	if len(all) > 0 {
		latest = all[len(all)-1].Version
	}
	cur, err := SchemaVersion(ctx, db)
	if err != nil {
		return 0, err
	}
	if cur > latest {
		return 0, newerSchemaError(path, cur, latest)
	}
	for _, m := range all {
		if m.Version <= cur {
			continue
		}
		if err := applyMigration(ctx, db, path, m, latest); err != nil {
			return 0, err
		}
		cur = m.Version
	}
	return cur, nil
}

func applyMigration(ctx context.Context, db *sql.DB, path string, m migrations.Migration, latest int) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate index %s to version %d (%s): %w", path, m.Version, m.Name, err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback() // the error that stopped the commit is the one reported
		}
	}()
	cur, err := SchemaVersion(ctx, tx)
	if err != nil {
		return err
	}
	if cur > latest {
		return newerSchemaError(path, cur, latest)
	}
	if cur >= m.Version {
		return tx.Commit() // another process applied it meanwhile
	}
	if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
		return fmt.Errorf("migrate index %s to version %d (%s): %w", path, m.Version, m.Name, err)
	}
	if err := SetMeta(ctx, tx, MetaSchemaVersion, strconv.Itoa(m.Version)); err != nil {
		return err
	}
	if m.NeedsReindex {
		if err := SetMeta(ctx, tx, MetaNeedsReindex, "1"); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate index %s to version %d (%s): %w", path, m.Version, m.Name, err)
	}
	return nil
}

// CheckSchema returns the schema version of an index opened read-only,
// which must be the latest: a read-only open can neither migrate an older
// index nor read a newer one.
func CheckSchema(ctx context.Context, q Querier, path string) (int, error) {
	v, err := SchemaVersion(ctx, q)
	if err != nil {
		return 0, err
	}
	latest := migrations.Latest()
	switch {
	case v > latest:
		return 0, newerSchemaError(path, v, latest)
	case v < latest:
		return 0, answer.WithRemedy(fmt.Errorf("open index %s read-only: its schema (version %d) needs upgrading to %d", path, v, latest), answer.RemedyMigrate)
	}
	return v, nil
}
