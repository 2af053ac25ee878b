package engine

import (
	"fmt"
	"strings"

	"github.com/ubp-dev/ubp/index"
)

// checkQuery rejects an empty or blank query.
func checkQuery(q string) error {
	if strings.TrimSpace(q) == "" {
		return &ArgumentError{Param: "query", Message: "must not be empty"}
	}
	return nil
}

// checkLimit applies the default to 0 and bounds the rest to 1..MaxSearchLimit.
func checkLimit(limit, configured int) (int, error) {
	if limit == 0 {
		if configured > 0 {
			return configured, nil // search.default_limit in .ubp/config.json
		}
		return DefaultSearchLimit, nil
	}
	if limit < 1 || limit > MaxSearchLimit {
		return 0, &ArgumentError{Param: "limit", Message: fmt.Sprintf("must be between 1 and %d, got %d", MaxSearchLimit, limit)}
	}
	return limit, nil
}

// checkDepth applies def to 0 and bounds the rest to 1..maxDepth.
func checkDepth(depth, def, maxDepth int) (int, error) {
	if depth == 0 {
		return def, nil
	}
	if depth < 1 || depth > maxDepth {
		return 0, &ArgumentError{Param: "depth", Message: fmt.Sprintf("must be between 1 and %d, got %d", maxDepth, depth)}
	}
	return depth, nil
}

// checkDocType accepts "" (every type) or a known document type.
func checkDocType(t string) error {
	if t == "" {
		return nil
	}
	if _, ok := index.ParseDocType(t); !ok {
		return &ArgumentError{Param: "doc_type", Message: fmt.Sprintf("unknown document type %q (want one of %s)", t, docTypeNames())}
	}
	return nil
}

// checkLinkTypes accepts known link types only.
func checkLinkTypes(ts []index.LinkType) error {
	for _, t := range ts {
		if _, ok := index.ParseLinkType(string(t)); !ok {
			names := make([]string, len(index.LinkTypes))
			for i, lt := range index.LinkTypes {
				names[i] = string(lt)
			}
			return &ArgumentError{Param: "link_types", Message: fmt.Sprintf("unknown link type %q (want one of %s)", t, strings.Join(names, ", "))}
		}
	}
	return nil
}

// checkFusion resolves the fusion mode: the option, else the configured one,
// else "weighted".
func checkFusion(opt, configured string) (string, error) {
	f := opt
	if f == "" {
		f = configured
	}
	switch f {
	case "", fusionWeighted:
		return fusionWeighted, nil
	case fusionRRF:
		return fusionRRF, nil
	}
	return "", &ArgumentError{Param: "fusion", Message: fmt.Sprintf("unknown fusion %q (want weighted or rrf)", f)}
}

func docTypeNames() string {
	names := make([]string, len(index.DocTypes))
	for i, t := range index.DocTypes {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
}
