// Package migrations holds ubp's SQLite schema as numbered SQL files,
// embedded in the binary. engine applies them in order, each in one
// transaction, and records the version reached in the meta table.
//
// A file whose first line is `-- ubp:reindex` demands a full re-index once it
// has been applied (for example when a derived table changes shape).
package migrations

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

//go:embed *.sql
var files embed.FS

// Migration is one numbered schema step.
type Migration struct {
	Version int
	Name    string
	SQL     string
	// NeedsReindex is true when the index must be rebuilt after this step.
	NeedsReindex bool
}

// All returns every migration in version order. File names must look like
// 0001_name.sql; anything else is a programming error reported as an error.
func All() ([]Migration, error) {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil, fmt.Errorf("read embedded migrations: %w", err)
	}
	var out []Migration
	for _, e := range entries {
		name := e.Name()
		num, rest, ok := strings.Cut(name, "_")
		if !ok {
			return nil, fmt.Errorf("migration %q: name must be NNNN_name.sql", name)
		}
		v, err := strconv.Atoi(num)
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %q: version %q is not a positive number", name, num)
		}
		b, err := files.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("read migration %q: %w", name, err)
		}
		text := string(b)
		out = append(out, Migration{
			Version:      v,
			Name:         strings.TrimSuffix(rest, ".sql"),
			SQL:          text,
			NeedsReindex: strings.HasPrefix(text, "-- ubp:reindex"),
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	for i := 1; i < len(out); i++ {
		if out[i].Version == out[i-1].Version {
			return nil, fmt.Errorf("migrations %d_%s and %d_%s share a version", out[i].Version, out[i].Name, out[i-1].Version, out[i-1].Name)
		}
	}
	return out, nil
}

// Latest is the highest version in All.
func Latest() int {
	all, err := All()
	if err != nil || len(all) == 0 {
		return 0
	}
	return all[len(all)-1].Version
}
