package pageref

import (
	"path"
	"path/filepath"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// Normalize turns ref into a docs-relative, '/'-separated NFC path (or
// leaves a title as it is, trimmed). docsDir is the absolute docs folder,
// configured the docs_dir of the configuration as written (a ref may be
// given from the project root).
func Normalize(ref, docsDir, configured string) string {
	s := strings.TrimSpace(ref)
	if s == "" {
		return ""
	}
	if filepath.IsAbs(s) {
		if rel, err := filepath.Rel(docsDir, s); err == nil && !strings.HasPrefix(rel, "..") {
			s = rel
		}
	}
	s = norm.NFC.String(strings.ReplaceAll(s, "\\", "/"))
	s = strings.TrimPrefix(s, "./")
	if docs := path.Clean(filepath.ToSlash(configured)); docs != "." && strings.HasPrefix(s, docs+"/") {
		s = strings.TrimPrefix(s, docs+"/")
	}
	if t := strings.TrimLeft(s, "/"); t != "" {
		s = t
	}
	return s
}
