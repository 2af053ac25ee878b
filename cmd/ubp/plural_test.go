package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pluralOfOne finds a count of one followed by a plural noun: "1 documents",
// "1 of 1 pages", "threshold 1 days".
var pluralOfOne = regexp.MustCompile(`(^|[^\d.])1 (of 1 )?(documents|sections|files|pages|days|links|warnings|lines|query terms|dimensions|neighbours)\b`)

// TestOneIsSingular: the human output says "1 document", "1 section",
// "1 day", never "1 documents", on projects of one document with one
// section, one link, one warning and one skipped file, and one of a single
// line.
func TestOneIsSingular(t *testing.T) {
	projects := map[string]map[string]string{
		"one warning": {
			"docs/one.md": "---\ntitle: One\nreviewed: notadate\nsource_refs:\n  - main.go\n---\n# One\n\nSee [[nowhere]].\n",
			"docs/bin.md": "\xff\xfe binary \x00",
			"main.go":     "package main\n",
		},
		"one line": {"docs/a.md": "# A\n"},
	}
	for name, files := range projects {
		t.Run(name, func(t *testing.T) {
			root := initProjectWith(t, files)
			cfgPath := filepath.Join(root, ".ubp", "config.json")
			cfg, err := os.ReadFile(cfgPath)
			if err != nil {
				t.Fatal(err)
			}
			cfg = []byte(strings.Replace(string(cfg), `"threshold_days": 7`, `"threshold_days": 1`, 1))
			if err := os.WriteFile(cfgPath, cfg, 0o644); err != nil {
				t.Fatal(err)
			}
			page := "a.md"
			if _, ok := files["docs/one.md"]; ok {
				page = "one.md"
			}
			if err := os.Remove(filepath.Join(root, ".ubp", "index.db")); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{
				{"status"}, // builds the index again: "indexed 1 document"
				{"status"},
				{"index", "--full"},
				{"list-pages"},
				{"search", "one"},
				{"search", "a"},
				{"get-page", page},
				{"get-page", page, "--start-line", "99"},
				{"get-context", page},
				{"stale", "--baseline", "index", "--format", "text"},
				{"stale", "--baseline", "index", "--format", "markdown"},
			} {
				_, stdout, stderr := runCLI(t, root, args...)
				for _, out := range []string{stdout, stderr} {
					for _, m := range pluralOfOne.FindAllString(out, -1) {
						t.Errorf("ubp %s says %q:\n%s", strings.Join(args, " "), strings.TrimSpace(m), out)
					}
				}
			}
		})
	}
}
