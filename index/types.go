package index

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// DocType is the kind of a document. One vocabulary is used by the parser,
// the database and every output.
type DocType string

// The document types ubp knows.
const (
	DocSpec    DocType = "spec"
	DocDesign  DocType = "design"
	DocADR     DocType = "adr"
	DocGuide   DocType = "guide"
	DocAPI     DocType = "api"
	DocMeeting DocType = "meeting"
	DocTodo    DocType = "todo"
	DocOther   DocType = "other"
)

// DocTypes lists every DocType in a stable order.
var DocTypes = []DocType{DocSpec, DocDesign, DocADR, DocGuide, DocAPI, DocMeeting, DocTodo, DocOther}

// ParseDocType returns the DocType named s and whether s is a known name.
// An empty or unknown s yields DocOther.
func ParseDocType(s string) (DocType, bool) {
	for _, t := range DocTypes {
		if string(t) == s {
			return t, true
		}
	}
	return DocOther, false
}

// LinkType is the typed relation a link expresses.
type LinkType string

// The link types ubp knows. References is the default.
const (
	LinkReferences    LinkType = "references"
	LinkDependsOn     LinkType = "depends_on"
	LinkImplements    LinkType = "implements"
	LinkExtends       LinkType = "extends"
	LinkConflictsWith LinkType = "conflicts_with"
)

// LinkTypes lists every LinkType in a stable order.
var LinkTypes = []LinkType{LinkReferences, LinkDependsOn, LinkImplements, LinkExtends, LinkConflictsWith}

// ParseLinkType returns the LinkType named s and whether s is a known name.
func ParseLinkType(s string) (LinkType, bool) {
	for _, t := range LinkTypes {
		if string(t) == s {
			return t, true
		}
	}
	return LinkReferences, false
}

// LinkKind is the syntax a link was written in.
type LinkKind string

// The link syntaxes ubp extracts.
const (
	KindWiki     LinkKind = "wikilink" // [[target]]
	KindEmbed    LinkKind = "embed"    // ![[target]]
	KindMarkdown LinkKind = "markdown" // [text](relative.md)
)

// Warning is a non-fatal problem found in a file. It always names the file
// and, when known, the line (1-based).
type Warning struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}

func (w Warning) String() string {
	if w.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", w.File, w.Line, w.Message)
	}
	return fmt.Sprintf("%s: %s", w.File, w.Message)
}

// SourceRef is one entry of a document's `source_refs` frontmatter: a path
// from the project root (file, folder or glob), optionally narrowed to a Go
// declaration with `#Symbol`.
type SourceRef struct {
	Path   string `json:"path"`
	Symbol string `json:"symbol,omitempty"`
	// Line is the 1-based line of the entry in the document file.
	Line int `json:"line"`
}

// String gives the ref as written: path or path#Symbol.
func (r SourceRef) String() string {
	if r.Symbol != "" {
		return r.Path + "#" + r.Symbol
	}
	return r.Path
}

// Frontmatter is the YAML header of a document.
type Frontmatter struct {
	Title      string      `json:"title,omitempty"`
	DocType    string      `json:"doc_type,omitempty"` // as written; Document.DocType is the parsed value
	SourceRefs []SourceRef `json:"source_refs,omitempty"`
	Tags       []string    `json:"tags,omitempty"`
	Aliases    []string    `json:"aliases,omitempty"`
	// Reviewed is the optional `reviewed: YYYY-MM-DD` date ("" when absent).
	Reviewed string `json:"reviewed,omitempty"`
	// Extra holds every other key, kept as parsed.
	Extra map[string]any `json:"extra,omitempty"`
	// BodyLine is the 1-based line of the file where the body starts
	// (1 when there is no frontmatter).
	BodyLine int `json:"-"`
}

// Section is a part of a document between H2/H3 headings (see package docs
// for the split and merge rules), or the frontmatter block of a page it
// names in other words than its headings (the first section, before
// Frontmatter.BodyLine; see Document.BodySections).
type Section struct {
	Order       int    `json:"order"`
	Heading     string `json:"heading"`      // "" for the text before the first H2/H3
	HeadingPath string `json:"heading_path"` // "Parent > Child"
	Anchor      string `json:"anchor"`       // slug of the heading, "" for section 0
	Level       int    `json:"level"`        // 2 or 3; 0 for section 0
	Content     string `json:"content"`      // Markdown source of the section, heading line included
	StartLine   int    `json:"start_line"`   // 1-based line in the file
	EndLine     int    `json:"end_line"`     // 1-based, inclusive
	Tokens      int    `json:"tokens"`       // estimated tokens
}

// Link is a reference from one document to another, as written.
type Link struct {
	Kind LinkKind `json:"kind"`
	Type LinkType `json:"type"`
	// Target is the target as written, without heading: "designs/db",
	// "database.md", "../a b.md" (URL-decoded). Empty for [[#Heading]].
	Target string `json:"target"`
	// TargetHeading is the heading after '#', "" when none.
	TargetHeading string `json:"target_heading,omitempty"`
	// Alias is the display text of [[target|alias]] or [text](x.md).
	Alias        string `json:"alias,omitempty"`
	SectionOrder int    `json:"section"` // Section.Order the link is in
	Line         int    `json:"line"`    // 1-based line in the file
	Context      string `json:"context"` // ~100 characters around the link
	// Rendered is set for a Markdown link to a page's rendered name
	// ("ch06-00-enums.html", as mdBook and Jekyll sources write them) or
	// route ("./getting-started", no extension: VitePress, Docusaurus): it
	// links to the document of the same name while one exists, and is no
	// link at all otherwise (a generated page such as
	// "../std/vec/struct.Vec.html", a file such as "../LICENSE"), so it
	// is never dangling.
	Rendered bool `json:"rendered,omitempty"`
}

// Document is a parsed Markdown file.
type Document struct {
	// Path is the file path relative to the docs folder, with '/' separators,
	// Unicode NFC.
	Path        string      `json:"path"`
	Title       string      `json:"title"`
	DocType     DocType     `json:"doc_type"`
	Frontmatter Frontmatter `json:"frontmatter"`
	// Body is the Markdown after the frontmatter.
	Body     string    `json:"body"`
	Sections []Section `json:"sections"`
	Links    []Link    `json:"links"`
	// Hash is the hex SHA-256 of the raw file bytes.
	Hash string `json:"hash"`
}

// BodySections returns the sections that hold Body's lines: all but the
// frontmatter's section, when there is one.
func (d *Document) BodySections() []Section {
	for i, s := range d.Sections {
		if s.StartLine >= d.Frontmatter.BodyLine {
			return d.Sections[i:]
		}
	}
	return nil
}

// FileInfo is a discovered Markdown file.
type FileInfo struct {
	Path    string    // relative to the docs folder, '/' separators, NFC
	AbsPath string    // absolute path on disk (a symlink's real path, inside the docs folder)
	Size    int64     // bytes
	ModTime time.Time // modification time; for a symlink the later of its own and its target's
	// Unreadable is set for a file that exists but could not be read
	// (permissions, I/O error); Size and ModTime are then zero.
	Unreadable bool
	// Dir is set, with Unreadable, for a folder inside the docs folder that
	// could not be listed: the documents under Path are unknown, not gone.
	Dir bool
}

// UnreadableDirs lists the folders among files that could not be listed
// (FileInfo.Dir), each with a trailing '/'; nil when there are none.
func UnreadableDirs(files []FileInfo) []string {
	var dirs []string
	for _, f := range files {
		if f.Dir {
			dirs = append(dirs, f.Path+"/")
		}
	}
	return dirs
}

// UnderAny reports whether the path p lies under one of dirs (from
// UnreadableDirs).
func UnderAny(dirs []string, p string) bool {
	for _, d := range dirs {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

// SortWarnings puts the warnings of one file in the order of its lines,
// those of no line (about the whole file) after them; warnings of the
// same line keep their order.
func SortWarnings(ws []Warning) {
	slices.SortStableFunc(ws, func(a, b Warning) int { return CompareLines(a.Line, b.Line) })
}

// CompareLines orders line numbers a and b for a sort, line 0 (no line:
// about a whole file) after every other.
func CompareLines(a, b int) int {
	switch {
	case a == b:
		return 0
	case a == 0:
		return 1
	case b == 0:
		return -1
	}
	return a - b
}
