package docbody

import (
	"fmt"
	"strings"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/index"
)

// The values of documents.body_kind.
const (
	// KindWhole: documents.body is the body itself.
	KindWhole = 0
	// KindSkeleton: documents.body is the body's skeleton (see Skeleton).
	KindSkeleton = 1
)

// sectionMark stands for one section's content in a skeleton.
const sectionMark = "\x00"

// Skeleton returns what documents.body stores for body cut into secs,
// with its body_kind: KindSkeleton, or KindWhole when the body cannot be rebuilt
// exactly from a skeleton.
func Skeleton(body string, secs []index.Section) (string, int) {
	if len(secs) == 0 || strings.Contains(body, sectionMark) {
		return body, KindWhole
	}
	var b strings.Builder
	contents := make([]string, len(secs))
	rest := body
	for i, s := range secs {
		if s.Content == "" {
			return body, KindWhole
		}
		j := strings.Index(rest, s.Content)
		if j < 0 {
			return body, KindWhole
		}
		b.WriteString(rest[:j])
		b.WriteString(sectionMark)
		rest = rest[j+len(s.Content):]
		contents[i] = s.Content
	}
	b.WriteString(rest)
	sk := b.String()
	// Rebuilt and compared, so a stored skeleton always gives the body
	// back byte for byte.
	if got, err := Rebuild(sk, contents); err != nil || got != body {
		return body, KindWhole
	}
	return sk, KindSkeleton
}

// Rebuild puts contents (the sections' content, in order) in place of the
// marks of skeleton.
func Rebuild(skeleton string, contents []string) (string, error) {
	if n := strings.Count(skeleton, sectionMark); n != len(contents) {
		return "", answer.WithRemedy(fmt.Errorf("stored body has %d section marks for %d sections", n, len(contents)), answer.RemedyFullIndex)
	}
	size := len(skeleton)
	for _, c := range contents {
		size += len(c)
	}
	var b strings.Builder
	b.Grow(size)
	i := 0
	for _, c := range contents {
		j := strings.Index(skeleton[i:], sectionMark)
		b.WriteString(skeleton[i : i+j])
		b.WriteString(c)
		i += j + len(sectionMark)
	}
	b.WriteString(skeleton[i:])
	return b.String(), nil
}
