package engine

import "github.com/ubp-dev/ubp/engine/internal/store"

// SQLiteDriver is the database/sql driver name to open an index
// (.ubp/index.db) with outside the engine, for tests and diagnostics: its
// connections have the SQL function that the full-text tables' triggers
// and their view of the sections call (textfold, migration 0014). A
// connection of another driver can read the tables but neither write a
// section nor check the full-text tables (PRAGMA integrity_check).
func SQLiteDriver() string { return store.DriverName() }
