package index

import (
	"reflect"
	"testing"
)

func TestHeadings(t *testing.T) {
	body := "# Title\n" + // 0
		"\n" +
		"Intro.\n" + // 2
		"\n" +
		"## Usage\n" + // 4
		"\n" +
		"<!--\n" + // 6
		"## Commented out\n" +
		"-->\n" +
		"\n" +
		"```sh\n" + // 10
		"# not a heading\n" +
		"```\n" +
		"\n" +
		"#### Deep\n" + // 14
		"\n" +
		"Setext `code` heading\n" + // 16
		"---------------------\n" +
		"\n" +
		"> ## Quoted\n" + // 19
		"\n" +
		"## Usage\n" + // 21
		"text\n"
	want := []Heading{
		{Level: 1, Text: "Title", Anchor: "title", Line: 0},
		{Level: 2, Text: "Usage", Anchor: "usage", Line: 4},
		{Level: 4, Text: "Deep", Anchor: "deep", Line: 14},
		{Level: 2, Text: "Setext code heading", Anchor: "setext-code-heading", Line: 16},
		// The quoted heading is not listed; the repeated one is numbered
		// as GitHub numbers it.
		{Level: 2, Text: "Usage", Anchor: "usage-1", Line: 21},
	}
	got := Headings(body)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Headings:\n got %+v\nwant %+v", got, want)
	}
	if got := Headings(""); len(got) != 0 {
		t.Errorf("Headings of an empty body = %+v", got)
	}
}
