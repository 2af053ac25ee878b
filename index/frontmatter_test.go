package index

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestParseFrontmatter(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		want     Frontmatter
		docType  DocType
		warnings []string // substrings, one per expected warning, in order
		warnLine []int    // expected Warning.Line per warning
		body     string
	}{
		{
			name: "all keys with lists",
			src: "---\n" +
				"title: Database Design\n" +
				"doc_type: design\n" +
				"source_refs:\n" +
				"  - src/db/store.go#Open\n" +
				"  - src/db/migrations/\n" +
				"  - \"pkg/a#b.go#Sym\"\n" +
				"tags: [db, storage]\n" +
				"aliases:\n" +
				"  - DB\n" +
				"  - データベース\n" +
				"reviewed: 2024-03-01\n" +
				"owner: alice\n" +
				"priority: 3\n" +
				"---\n" +
				"# Body\n",
			want: Frontmatter{
				Title:   "Database Design",
				DocType: "design",
				SourceRefs: []SourceRef{
					{Path: "src/db/store.go", Symbol: "Open", Line: 5},
					{Path: "src/db/migrations/", Line: 6},
					{Path: "pkg/a#b.go", Symbol: "Sym", Line: 7},
				},
				Tags:     []string{"db", "storage"},
				Aliases:  []string{"DB", "データベース"},
				Reviewed: "2024-03-01",
				Extra:    map[string]any{"owner": "alice", "priority": 3},
				BodyLine: 16,
			},
			docType: DocDesign,
			body:    "# Body\n",
		},
		{
			name: "scalars instead of lists",
			src:  "---\nsource_refs: cmd/main.go\naliases: Main\ntags: cli\n---\ntext\n",
			want: Frontmatter{
				SourceRefs: []SourceRef{{Path: "cmd/main.go", Line: 2}},
				Aliases:    []string{"Main"},
				Tags:       []string{"cli"},
				BodyLine:   6,
			},
			docType: DocOther,
			body:    "text\n",
		},
		{
			name:     "malformed YAML reports the file line",
			src:      "---\ntitle: ok\ndoc_type: spec\nbroken: [1,\n---\n# Heading\n",
			want:     Frontmatter{BodyLine: 6},
			docType:  DocOther,
			warnings: []string{"invalid YAML frontmatter"},
			warnLine: []int{4}, // "broken: [1," is file line 4
			body:     "# Heading\n",
		},
		{
			name:     "unclosed flow sequence names its line, with lines after it",
			src:      "---\ntitle: X\nsource_refs: [a.go,\n  b.go\ntags: [x]\n---\nbody\n",
			want:     Frontmatter{BodyLine: 7},
			docType:  DocOther,
			warnings: []string{"line 3: did not find expected ',' or ']'"},
			warnLine: []int{3},
			body:     "body\n",
		},
		{
			name:     "unclosed flow mapping names its line",
			src:      "---\na: 1\nb: 2\nbroken: {x: 1\nc: 3\n---\nbody\n",
			want:     Frontmatter{BodyLine: 7},
			docType:  DocOther,
			warnings: []string{"line 4: did not find expected ',' or '}'"},
			warnLine: []int{4},
			body:     "body\n",
		},
		{
			name:     "a stray closing bracket names its line",
			src:      "---\na: 1\nb: 2\nc: [1, 2]]\n---\nbody\n",
			want:     Frontmatter{BodyLine: 6},
			docType:  DocOther,
			warnings: []string{"line 4: did not find expected key"},
			warnLine: []int{4},
			body:     "body\n",
		},
		{
			name:     "a key indented less than its mapping names its line",
			src:      "---\na: 1\nb:\n  c: 1\n d: 2\n---\nbody\n",
			want:     Frontmatter{BodyLine: 7},
			docType:  DocOther,
			warnings: []string{"line 5: did not find expected key"},
			warnLine: []int{5},
			body:     "body\n",
		},
		{
			name:     "malformed YAML mapping error on line 3 of file",
			src:      "---\na: b\n  c: d\n---\nbody\n",
			want:     Frontmatter{BodyLine: 5},
			docType:  DocOther,
			warnings: []string{"line 3"},
			warnLine: []int{3},
			body:     "body\n",
		},
		{
			// An unquoted ': ' in a value is a YAML error; the warning
			// shows the line quoted.
			name:     "a colon in an unquoted title says to quote it",
			src:      "---\ntitle: API: Overview\ndoc_type: api\n---\nbody\n",
			want:     Frontmatter{BodyLine: 5},
			docType:  DocOther,
			warnings: []string{`mapping values are not allowed in this context; a value containing ': ' must be quoted: title: "API: Overview"`},
			warnLine: []int{2},
			body:     "body\n",
		},
		{
			name:     "a colon in a later value with quotes in it",
			src:      "---\ntitle: T\nsummary: Note: say \"hi\"\n---\nbody\n",
			want:     Frontmatter{BodyLine: 5},
			docType:  DocOther,
			warnings: []string{`line 3: mapping values are not allowed in this context; a value containing ': ' must be quoted: summary: "Note: say \"hi\""`},
			warnLine: []int{3},
			body:     "body\n",
		},
		{
			name:     "a colon in a list item",
			src:      "---\naliases:\n  - API: Overview\n  - x: y: z\n---\nbody\n",
			want:     Frontmatter{BodyLine: 6},
			docType:  DocOther,
			warnings: []string{`line 4: mapping values are not allowed in this context; a value containing ': ' must be quoted: - "x: y: z"`},
			warnLine: []int{4},
			body:     "body\n",
		},
		{
			// A mapping under a value line is no quoting matter: the hint is general.
			name:     "an indented key under a value line gets the general hint",
			src:      "---\na: b\n  c: d\n---\nbody\n",
			want:     Frontmatter{BodyLine: 5},
			docType:  DocOther,
			warnings: []string{`line 3: mapping values are not allowed in this context; a value containing ': ' must be quoted (title: "API: Overview"), and a key with nested keys has no value on its own line`},
			warnLine: []int{3},
			body:     "body\n",
		},
		{
			name:     "a full-width colon after a key is named, in a mapping",
			src:      "---\ntitle: ok\ndoc_type：design\n---\nbody\n",
			want:     Frontmatter{BodyLine: 5},
			docType:  DocOther,
			warnings: []string{`frontmatter key "doc_type" is followed by a full-width colon '：'; YAML needs ':'`},
			warnLine: []int{3},
			body:     "body\n",
		},
		{
			name:     "a full-width colon after a key is named, alone",
			src:      "---\ntitle：全角\n---\nbody\n",
			want:     Frontmatter{BodyLine: 4},
			docType:  DocOther,
			warnings: []string{`frontmatter key "title" is followed by a full-width colon`},
			warnLine: []int{2},
			body:     "body\n",
		},
		{
			// A literal block keeps its line breaks; a title is one line.
			name:    "a literal block title is folded to one line",
			src:     "---\ntitle: |\n  API\n  Overview\n---\nbody\n",
			want:    Frontmatter{Title: "API Overview", BodyLine: 6},
			docType: DocOther,
			body:    "body\n",
		},
		{
			name:    "a folded title with a kept final break and inner runs",
			src:     "---\ntitle: >+\n  API\t  Overview\n\n  Part   two\n\n---\nbody\n",
			want:    Frontmatter{Title: "API Overview Part two", BodyLine: 8},
			docType: DocOther,
			body:    "body\n",
		},
		{
			name:    "a quoted title with a tab and spaces",
			src:     "---\ntitle: \"  API\\t\\n  Overview \"\n---\nbody\n",
			want:    Frontmatter{Title: "API Overview", BodyLine: 4},
			docType: DocOther,
			body:    "body\n",
		},
		{
			name:    "multi-line aliases are folded",
			src:     "---\naliases:\n  - |\n    Two\n    lines\n  - \"a  b\"\n---\nbody\n",
			want:    Frontmatter{Aliases: []string{"Two lines", "a b"}, BodyLine: 8},
			docType: DocOther,
			body:    "body\n",
		},
		{
			name:    "multi-line tags are folded",
			src:     "---\ntags:\n  - |\n    two\n    words\n  - \" padded \"\n---\nbody\n",
			want:    Frontmatter{Tags: []string{"two words", "padded"}, BodyLine: 8},
			docType: DocOther,
			body:    "body\n",
		},
		{
			name:    "a single-string alias is folded",
			src:     "---\naliases: >-\n  Long\n\n  name\n---\nbody\n",
			want:    Frontmatter{Aliases: []string{"Long name"}, BodyLine: 7},
			docType: DocOther,
			body:    "body\n",
		},
		{
			name:    "a full-width colon inside a value is text",
			src:     "---\ntitle: 注意：全角\n---\nbody\n",
			want:    Frontmatter{Title: "注意：全角", BodyLine: 4},
			docType: DocOther,
			body:    "body\n",
		},
		{
			name:     "unclosed frontmatter is body",
			src:      "---\ntitle: x\n\n# Real\n",
			want:     Frontmatter{BodyLine: 1},
			docType:  DocOther,
			warnings: []string{"not closed"},
			warnLine: []int{1},
			body:     "---\ntitle: x\n\n# Real\n",
		},
		{
			name:     "unknown doc_type",
			src:      "---\ntitle: T\ndoc_type: blog\n---\n",
			want:     Frontmatter{Title: "T", DocType: "blog", BodyLine: 5},
			docType:  DocOther,
			warnings: []string{`unknown doc_type "blog" (using "other"; valid: spec, design, adr, guide, api, meeting, todo, other)`},
			warnLine: []int{3},
			body:     "",
		},
		{
			name:    "doc_type is case-insensitive",
			src:     "---\ndoc_type: ADR\n---\n",
			want:    Frontmatter{DocType: "ADR", BodyLine: 4},
			docType: DocADR,
		},
		{
			name:     "invalid reviewed date",
			src:      "---\nreviewed: March 2024\n---\nx\n",
			want:     Frontmatter{BodyLine: 4},
			docType:  DocOther,
			warnings: []string{`reviewed "March 2024" is not a date`},
			warnLine: []int{2},
			body:     "x\n",
		},
		{
			name:     "impossible reviewed date",
			src:      "---\nreviewed: 2024-02-30\n---\n",
			want:     Frontmatter{BodyLine: 4},
			docType:  DocOther,
			warnings: []string{"not a date"},
			warnLine: []int{2},
		},
		{
			name:    "dot fence, CRLF and BOM",
			src:     "\ufeff---\r\ntitle: Win\r\n...\r\nbody\r\n",
			want:    Frontmatter{Title: "Win", BodyLine: 4},
			docType: DocOther,
			body:    "body\r\n",
		},
		{
			// Not key: value lines: no frontmatter but a thematic break,
			// and the file is read whole as Markdown (nothing is lost).
			name:     "frontmatter that is a list",
			src:      "---\n- a\n- b\n---\nx",
			want:     Frontmatter{BodyLine: 1},
			docType:  DocOther,
			warnings: []string{"read as Markdown"},
			warnLine: []int{1},
			body:     "---\n- a\n- b\n---\nx",
		},
		{
			// Hugo's TOML frontmatter is not read, but it is no body text
			// either, and the warning says how to write it.
			name:     "TOML frontmatter",
			src:      "+++\ntitle = \"T\"\ndoc_type = \"spec\"\n+++\n# Body\n",
			want:     Frontmatter{BodyLine: 5},
			docType:  DocOther,
			warnings: []string{"TOML frontmatter"},
			warnLine: []int{1},
			body:     "# Body\n",
		},
		{
			name:     "a leading thematic break before prose",
			src:      "---\nIntro about pelicans.\n\n## Section Heron\n\nheron text\n\n---\n\nmore text\n",
			want:     Frontmatter{BodyLine: 1},
			docType:  DocOther,
			warnings: []string{"read as Markdown"},
			warnLine: []int{1},
			body:     "---\nIntro about pelicans.\n\n## Section Heron\n\nheron text\n\n---\n\nmore text\n",
		},
		{
			// Keys in any script are keys: a mapping is frontmatter.
			name:    "Japanese keys",
			src:     "---\n作成者: 山田\ntitle: 設計\n---\n本文\n",
			want:    Frontmatter{Title: "設計", Extra: map[string]any{"作成者": "山田"}, BodyLine: 5},
			docType: DocOther,
			body:    "本文\n",
		},
		{
			// Broken YAML that starts like frontmatter stays frontmatter.
			name:     "broken YAML with a Japanese key first",
			src:      "---\n作成者: [山田\n---\n本文\n",
			want:     Frontmatter{BodyLine: 4},
			docType:  DocOther,
			warnings: []string{"invalid YAML frontmatter"},
			warnLine: []int{2},
			body:     "本文\n",
		},
		{
			name:     "prose with colons after a leading break",
			src:      "---\nNote that: the parser: fails here\n\n---\nmore\n",
			want:     Frontmatter{BodyLine: 1},
			docType:  DocOther,
			warnings: []string{"read as Markdown"},
			warnLine: []int{1},
			body:     "---\nNote that: the parser: fails here\n\n---\nmore\n",
		},
		{
			name:     "wrong value kinds",
			src:      "---\ntitle: [a]\ntags: {a: 1}\nsource_refs:\n  - [x]\n  - '#Sym'\n---\n",
			want:     Frontmatter{BodyLine: 8},
			docType:  DocOther,
			warnings: []string{"title must be a string", "tags must be a list", "source_refs entries must be strings", `source_refs entry "#Sym" has no path`},
			warnLine: []int{2, 3, 5, 6},
		},
		{
			name: "numbers, booleans and dates where text is expected",
			src: "---\ntitle: 1984\ndoc_type: 5\nsource_refs: 5\naliases: 7\ntags: [ok, true, 2.5]\n" +
				"source_refs: [a.go, 12]\n---\n",
			want:    Frontmatter{Tags: []string{"ok"}, SourceRefs: []SourceRef{{Path: "a.go", Line: 7}}, BodyLine: 9},
			docType: DocOther,
			warnings: []string{"title must be a string, not the number 1984", "doc_type must be a string, not the number 5",
				"source_refs must be a string, not the number 5", "aliases must be a string, not the number 7",
				"tags entry must be a string, not the boolean true", "tags entry must be a string, not the number 2.5",
				`"source_refs" repeated`, "source_refs entry must be a string, not the number 12"},
			warnLine: []int{2, 3, 4, 5, 6, 6, 7, 7},
		},
		{
			name:    "quoted numbers are text",
			src:     "---\ntitle: \"1984\"\naliases: ['7']\nsource_refs: \"5\"\n---\n",
			want:    Frontmatter{Title: "1984", Aliases: []string{"7"}, SourceRefs: []SourceRef{{Path: "5", Line: 4}}, BodyLine: 6},
			docType: DocOther,
		},
		{
			name:     "duplicate key",
			src:      "---\ntitle: a\ntitle: b\n---\n",
			want:     Frontmatter{Title: "b", BodyLine: 5},
			docType:  DocOther,
			warnings: []string{`"title" repeated (first at line 2)`},
			warnLine: []int{3},
		},
		{
			name:    "empty frontmatter",
			src:     "---\n---\n# T\n",
			want:    Frontmatter{BodyLine: 3},
			docType: DocOther,
			body:    "# T\n",
		},
		{
			name:    "no frontmatter",
			src:     "# T\n---\nx\n",
			want:    Frontmatter{BodyLine: 1},
			docType: DocOther,
			body:    "# T\n---\nx\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, warns := Parse("docs/a.md", []byte(tt.src))
			got := doc.Frontmatter
			if got.Extra != nil {
				// Compare Extra through JSON: numbers decode to int, compare loosely.
				gj, _ := json.Marshal(got.Extra)
				wj, _ := json.Marshal(tt.want.Extra)
				if string(gj) != string(wj) {
					t.Errorf("Extra = %s, want %s", gj, wj)
				}
				got.Extra, tt.want.Extra = nil, nil
			} else if tt.want.Extra != nil {
				t.Errorf("Extra = nil, want %v", tt.want.Extra)
				tt.want.Extra = nil
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Frontmatter =\n %+v\nwant\n %+v", got, tt.want)
			}
			if doc.DocType != tt.docType {
				t.Errorf("DocType = %q, want %q", doc.DocType, tt.docType)
			}
			if tt.body != "" && doc.Body != tt.body {
				t.Errorf("Body = %q, want %q", doc.Body, tt.body)
			}
			if len(warns) != len(tt.warnings) {
				t.Fatalf("warnings = %v, want %d matching %q", warns, len(tt.warnings), tt.warnings)
			}
			for i, w := range warns {
				if !strings.Contains(w.Message, tt.warnings[i]) {
					t.Errorf("warning %d = %q, want it to contain %q", i, w.Message, tt.warnings[i])
				}
				if w.File != "docs/a.md" {
					t.Errorf("warning %d names file %q, want docs/a.md", i, w.File)
				}
				if w.Line != tt.warnLine[i] {
					t.Errorf("warning %d line = %d, want %d (%s)", i, w.Line, tt.warnLine[i], w)
				}
			}
		})
	}
}

func TestFrontmatterExtraIsJSONSafe(t *testing.T) {
	src := "---\nnested: {1: one, 2: [x, .nan]}\nwhen: 2024-01-02\nnum: .inf\n---\n"
	doc, warns := Parse("a.md", []byte(src))
	if len(warns) != 0 {
		t.Fatalf("unexpected warnings %v", warns)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatalf("document with YAML extras does not encode as JSON: %v", err)
	}
	for _, want := range []string{`"1":"one"`, `"NaN"`, `"+Inf"`, `"when":"2024-01-02`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON %s lacks %s", b, want)
		}
	}
}
