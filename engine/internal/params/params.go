package params

import (
	"fmt"
	"strings"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/index"
)

// Fusion modes of a search.
const (
	FusionWeighted = "weighted"
	FusionRRF      = "rrf"
)

// Query rejects an empty or blank query.
func Query(q string) error {
	if strings.TrimSpace(q) == "" {
		return &answer.ArgumentError{Param: "query", Message: answer.EmptyQuery}
	}
	return nil
}

// Limit applies a default to 0 (configured when positive, else def) and
// bounds the rest to 1..maxLimit.
func Limit(limit, configured, def, maxLimit int) (int, error) {
	if limit == 0 {
		if configured > 0 {
			return configured, nil // search.default_limit in .ubp/config.json
		}
		return def, nil
	}
	if limit < 1 || limit > maxLimit {
		return 0, &answer.ArgumentError{Param: "limit", Message: fmt.Sprintf("must be between 1 and %d, got %d", maxLimit, limit)}
	}
	return limit, nil
}

// Depth applies def to 0 and bounds the rest to 1..maxDepth.
func Depth(depth, def, maxDepth int) (int, error) {
	if depth == 0 {
		return def, nil
	}
	if depth < 1 || depth > maxDepth {
		return 0, &answer.ArgumentError{Param: "depth", Message: fmt.Sprintf("must be between 1 and %d, got %d", maxDepth, depth)}
	}
	return depth, nil
}

// DocType accepts "" (every type) or a known document type.
func DocType(t string) error {
	if t == "" {
		return nil
	}
	if _, ok := index.ParseDocType(t); !ok {
		return &answer.ArgumentError{Param: "doc_type", Message: fmt.Sprintf("unknown document type %q (want one of %s)", t, docTypeNames())}
	}
	return nil
}

// LinkTypes accepts known link types only.
func LinkTypes(ts []index.LinkType) error {
	for _, t := range ts {
		if _, ok := index.ParseLinkType(string(t)); !ok {
			names := make([]string, len(index.LinkTypes))
			for i, lt := range index.LinkTypes {
				names[i] = string(lt)
			}
			return &answer.ArgumentError{Param: "link_types", Message: fmt.Sprintf("unknown link type %q (want one of %s)", t, strings.Join(names, ", "))}
		}
	}
	return nil
}

// Fusion resolves the fusion mode: the option, else the configured one,
// else FusionWeighted.
func Fusion(opt, configured string) (string, error) {
	f := opt
	if f == "" {
		f = configured
	}
	switch f {
	case "", FusionWeighted:
		return FusionWeighted, nil
	case FusionRRF:
		return FusionRRF, nil
	}
	return "", &answer.ArgumentError{Param: "fusion", Message: fmt.Sprintf("unknown fusion %q (want weighted or rrf)", f)}
}

// MinScore applies def when no score is given and accepts 0..1 (0: every
// pair).
func MinScore(score *float64, def float64) (float64, error) {
	if score == nil {
		return def, nil
	}
	if s := *score; s < 0 || s > 1 || s != s {
		return 0, &answer.ArgumentError{Param: "min_score", Message: fmt.Sprintf("must be between 0 and 1, got %g", s)}
	}
	return *score, nil
}

func docTypeNames() string {
	names := make([]string, len(index.DocTypes))
	for i, t := range index.DocTypes {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
}
