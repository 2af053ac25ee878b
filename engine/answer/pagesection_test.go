package answer

import (
	"errors"
	"strings"
	"testing"
)

func TestFindSection(t *testing.T) {
	p := Page{Filepath: "designs/a.md", Content: "Intro line.\n\n## Setup\n\nRun it.\n\n### Setup\n\nNested.\n", Sections: []PageSection{
		{Heading: "", HeadingPath: "", Anchor: "", Content: "Intro line.", StartLine: 5, EndLine: 6},
		{Heading: "Setup", HeadingPath: "Setup", Anchor: "setup", Content: "## Setup\n\nRun it.", StartLine: 7, EndLine: 10},
		{Heading: "Setup", HeadingPath: "Setup > Setup", Anchor: "setup-1", Content: "### Setup\n\nNested.", StartLine: 11, EndLine: 13},
	}}
	tests := []struct {
		ref       string
		wantStart int
	}{
		{"setup", 7},          // anchor first
		{"#setup-1", 11},      // leading '#'
		{"SETUP > setup", 11}, // heading path, any case
		{" Setup ", 7},        // the anchor "setup" before the second heading
	}
	for _, tt := range tests {
		s, err := p.FindSection(tt.ref)
		if err != nil || s.StartLine != tt.wantStart {
			t.Errorf("FindSection(%q) = line %d, %v; want line %d", tt.ref, s.StartLine, err, tt.wantStart)
		}
	}
	_, err := p.FindSection("Teardown")
	var ae *ArgumentError
	if !errors.As(err, &ae) || ae.Param != "section" || !strings.Contains(ae.Message, "setup, setup-1") {
		t.Errorf("unknown section: %v, want an argument error listing the anchors", err)
	}
	if got := p.BodyLine(); got != 5 {
		t.Errorf("BodyLine = %d, want 5 (the intro's line)", got)
	}
	if got := (Page{Content: "x"}).BodyLine(); got != 1 {
		t.Errorf("BodyLine without sections = %d, want 1", got)
	}
}
