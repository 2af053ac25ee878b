package answer

import (
	"fmt"
	"strings"
)

// FindSection is the section of p that ref names: its anchor, heading path
// or heading, tried in that order, without regard to case or a leading
// '#'. An unknown ref is an *ArgumentError for the parameter "section"
// listing some of the page's anchors.
func (p Page) FindSection(ref string) (PageSection, error) {
	want := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(ref), "#"))
	for _, key := range []func(PageSection) string{
		func(s PageSection) string { return s.Anchor },
		func(s PageSection) string { return s.HeadingPath },
		func(s PageSection) string { return s.Heading },
	} {
		for _, s := range p.Sections {
			if k := key(s); k != "" && strings.ToLower(k) == want {
				return s, nil
			}
		}
	}
	var anchors []string
	for _, s := range p.Sections {
		if s.Anchor != "" && len(anchors) < 20 {
			anchors = append(anchors, s.Anchor)
		}
	}
	return PageSection{}, &ArgumentError{Param: "section",
		Message: fmt.Sprintf("%q is not a section of %s; sections include: %s", ref, p.Filepath, strings.Join(anchors, ", "))}
}

// BodyLine is the line of the file where Content (the Markdown after the
// frontmatter) starts, found from the first section with content.
func (p Page) BodyLine() int {
	for _, s := range p.Sections {
		if s.Content == "" {
			continue
		}
		if i := strings.Index(p.Content, s.Content); i >= 0 {
			return s.StartLine - strings.Count(p.Content[:i], "\n")
		}
	}
	return 1
}
