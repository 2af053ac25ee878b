package sqlbatch

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	_ "github.com/mattn/go-sqlite3"
)

func TestQueryIDsAcrossBatches(t *testing.T) {
	db, err := sql.Open("sqlite3", filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)`); err != nil {
		t.Fatal(err)
	}
	const n = 2*Size + 7
	for i := 1; i <= n; i++ {
		if _, err := db.ExecContext(ctx, `INSERT INTO t VALUES (?, ?)`, i, i*10); err != nil {
			t.Fatal(err)
		}
	}
	var ids []int64
	for i := int64(1); i <= n+3; i++ { // three ids that do not exist
		ids = append(ids, i)
	}
	for _, tt := range []struct {
		name string
		ids  []int64
		want int
	}{{"empty", nil, 0}, {"one", ids[:1], 1}, {"batches", ids, n}} {
		t.Run(tt.name, func(t *testing.T) {
			got := map[int64]int64{}
			err := QueryIDs(ctx, db, tt.ids, `SELECT id, v FROM t WHERE id IN (%s)`, func(rows *sql.Rows) error {
				var id, v int64
				if err := rows.Scan(&id, &v); err != nil {
					return err
				}
				got[id] = v
				return nil
			})
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			if len(got) != tt.want {
				t.Errorf("%s: %d rows, want %d", tt.name, len(got), tt.want)
			}
			for id, v := range got {
				if v != id*10 {
					t.Errorf("%s: row %d = %d", tt.name, id, v)
				}
			}
		})
	}
	if err := QueryIDs(ctx, db, ids, `SELECT nope FROM t WHERE id IN (%s)`, func(*sql.Rows) error { return nil }); err == nil {
		t.Error("a bad statement gave no error")
	}
}
