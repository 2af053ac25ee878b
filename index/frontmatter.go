package index

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	yaml "go.yaml.in/yaml/v3"
)

// frontmatterSplit is where the YAML header and the body of a file are.
type frontmatterSplit struct {
	yaml       []byte // text between the fences ("" when none)
	yamlLine   int    // file line of the first YAML line
	bodyOffset int    // byte offset in the file where the body starts
	bodyLine   int    // file line where the body starts
	present    bool   // a closed frontmatter block was found
	unclosed   bool   // an opening fence without a closing one
	toml       bool   // a closed "+++" block (Hugo's TOML), not read
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// splitFrontmatter finds a leading "---" line and the next "---" or "..."
// line. Trailing spaces on fence lines are allowed; a UTF-8 BOM is skipped.
// A leading "+++" block (Hugo's TOML) is found too, to be left unread.
func splitFrontmatter(src []byte) frontmatterSplit {
	start := 0
	if bytes.HasPrefix(src, utf8BOM) {
		start = len(utf8BOM)
	}
	none := frontmatterSplit{bodyOffset: start, bodyLine: 1}
	first, next := lineAt(src, start)
	switch {
	case isTOMLFence(first):
		if _, line, body, ok := closingFence(src, next, isTOMLFence); ok {
			return frontmatterSplit{bodyOffset: body, bodyLine: line + 1, toml: true}
		}
		return none
	case isFence(first, false):
		if at, line, body, ok := closingFence(src, next, func(l []byte) bool { return isFence(l, true) }); ok {
			return frontmatterSplit{yaml: src[next:at], yamlLine: 2, bodyOffset: body, bodyLine: line + 1, present: true}
		}
		none.unclosed = true
	}
	return none
}

// closingFence finds the first line from off (the file's second line) for
// which closes is true: its offset, its file line and the offset of the
// line after it.
func closingFence(src []byte, off int, closes func([]byte) bool) (at, line, next int, ok bool) {
	for line = 2; off < len(src); line++ {
		l, n := lineAt(src, off)
		if closes(l) {
			return off, line, n, true
		}
		off = n
	}
	return 0, 0, 0, false
}

func isTOMLFence(line []byte) bool { return string(bytes.TrimRight(line, " \t")) == "+++" }

// lineAt returns the line starting at off without its line ending, and the
// offset of the next line.
func lineAt(src []byte, off int) ([]byte, int) {
	i := bytes.IndexByte(src[off:], '\n')
	if i < 0 {
		return src[off:], len(src)
	}
	return bytes.TrimSuffix(src[off:off+i], []byte("\r")), off + i + 1
}

func isFence(line []byte, closing bool) bool {
	line = bytes.TrimRight(line, " \t")
	return string(line) == "---" || closing && string(line) == "..."
}

var yamlLineRE = regexp.MustCompile(`line (\d+)`)

// yamlParserProblems are the problems the YAML library's parser (not its
// scanner) reports. It numbers their lines from 0, the scanner's from 1
// (go.yaml.in/yaml/v3 decode.go, parser.fail).
var yamlParserProblems = []string{
	"did not find expected ',' or ']'", "did not find expected ',' or '}'",
	"did not find expected '-' indicator", "did not find expected <document start>",
	"did not find expected <stream-start>", "did not find expected key",
	"did not find expected node content", "found duplicate %TAG directive",
	"found duplicate %YAML directive", "found incompatible YAML document",
	"found undefined tag handle",
}

// yamlErrorLine returns the line of the YAML text (from 1) that an error
// message saying "line n" points at: n, or n+1 for a parser problem, at
// most the text's last line (an unclosed "[" is found at the end of the
// text, past its last line).
func yamlErrorLine(msg string, n int, text []byte) int {
	for _, p := range yamlParserProblems {
		if strings.HasSuffix(msg, p) {
			n++
			break
		}
	}
	last := bytes.Count(text, []byte("\n"))
	if len(text) > 0 && text[len(text)-1] != '\n' {
		last++
	}
	return max(1, min(n, last))
}

// fullWidthColonRE is a frontmatter line whose key ends with a full-width
// colon (title：仕様), easy to type with a Japanese input method and not a
// key for YAML.
var fullWidthColonRE = regexp.MustCompile(`^[ \t]*([A-Za-z_][A-Za-z0-9_-]*)[ \t]*\x{FF1A}`)

const fullWidthColonMessage = "frontmatter key %q is followed by a full-width colon '：'; YAML needs ':' (frontmatter ignored, document indexed without it)"

// fullWidthColon finds the first frontmatter line written "key：value" and
// returns its file line and key.
func fullWidthColon(sp frontmatterSplit) (line int, key string, ok bool) {
	for i, l := range strings.Split(string(sp.yaml), "\n") {
		if m := fullWidthColonRE.FindStringSubmatch(l); m != nil {
			return sp.yamlLine + i, m[1], true
		}
	}
	return 0, "", false
}

// notFrontmatterMessage is the warning for a leading '---' block that is
// not key: value lines: a thematic break, so the file is read whole.
const notFrontmatterMessage = "the file starts with '---' but the lines up to the next '---' are not frontmatter (key: value lines), so the whole file is read as Markdown: the '---' is a thematic break"

// keyLineRE is a line that starts a mapping entry: a key of any script
// without spaces (quoted or not) and a colon, ASCII or full-width.
var keyLineRE = regexp.MustCompile(`^["']?[^\s:\x{FF1A}"'#][^\s:\x{FF1A}"']*["']?[ \t]*[:\x{FF1A}]`)

// startsWithKey reports whether the first line of yaml that is neither
// blank nor a comment starts a mapping entry.
func startsWithKey(yaml []byte) bool {
	for _, l := range strings.Split(string(yaml), "\n") {
		l = strings.TrimRight(l, " \t\r")
		if l == "" || strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		return keyLineRE.MatchString(l)
	}
	return false
}

// parseFrontmatter decodes the YAML header. Problems become warnings naming
// the file line; the document is indexed regardless. markdown is true when
// the leading '---' block is no frontmatter at all: YAML that is not a
// mapping, or not YAML, whose first line is not a key: line (prose or a
// list after a thematic break). The caller then reads the whole file as
// Markdown, so no text is lost. names are the title, aliases and tags with
// their file lines.
func parseFrontmatter(path string, sp frontmatterSplit) (fm Frontmatter, names []lineString, warns []Warning, top *yaml.Node, markdown bool) {
	fm, names, warns, top = parseFrontmatterYAML(path, sp)
	if sp.present && len(bytes.TrimSpace(sp.yaml)) > 0 && top == nil && !startsWithKey(sp.yaml) {
		return Frontmatter{BodyLine: 1}, nil, []Warning{{File: path, Line: 1, Message: notFrontmatterMessage}}, nil, true
	}
	return fm, names, warns, top, false
}

// UnclosedFrontmatter is the warning, on line 1, of a file whose opening
// '---' line is never closed: the whole file is its body, so what it
// meant as frontmatter (title, doc_type, source_refs) is ignored.
const UnclosedFrontmatter = "frontmatter is not closed (no '---' line after the opening '---'); the whole file is treated as Markdown"

// IsFrontmatterWarning reports whether w, a warning of the parse of a file
// whose body starts at bodyLine, is about its frontmatter: on a line
// before the body, or the frontmatter never closed (its body then starts
// at line 1, as a file's without frontmatter does).
func IsFrontmatterWarning(w Warning, bodyLine int) bool {
	return (w.Line > 0 && w.Line < bodyLine) || (w.Line == 1 && w.Message == UnclosedFrontmatter)
}

// parseFrontmatterYAML decodes the YAML header of parseFrontmatter; top is
// its mapping node (nil when it is no YAML mapping), which
// frontmatterLinks reads again without decoding the YAML twice. names are
// the title, aliases and tags with their file lines (the names the page
// goes by).
func parseFrontmatterYAML(path string, sp frontmatterSplit) (fm Frontmatter, names []lineString, warns []Warning, top *yaml.Node) {
	fm = Frontmatter{BodyLine: sp.bodyLine}
	warn := func(line int, format string, args ...any) {
		warns = append(warns, Warning{File: path, Line: line, Message: fmt.Sprintf(format, args...)})
	}
	if sp.toml {
		warn(1, "TOML frontmatter (between '+++' lines) is not read, so its title, doc_type and source_refs are ignored: write it as YAML between '---' lines (title: ..., doc_type: ...)")
		return fm, names, warns, nil
	}
	if sp.unclosed {
		warn(1, "%s", UnclosedFrontmatter)
		return fm, names, warns, nil
	}
	if !sp.present || len(bytes.TrimSpace(sp.yaml)) == 0 {
		return fm, names, warns, nil
	}
	var root yaml.Node
	if err := yaml.Unmarshal(sp.yaml, &root); err != nil {
		line := sp.yamlLine
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
			if n, convErr := strconv.Atoi(m[1]); convErr == nil && n >= 1 {
				line = sp.yamlLine + yamlErrorLine(msg, n, sp.yaml) - 1
				msg = strings.Replace(msg, m[0], "line "+strconv.Itoa(line), 1)
			}
		}
		if l, key, ok := fullWidthColon(sp); ok {
			warn(l, fullWidthColonMessage, key)
			return fm, names, warns, nil
		}
		if strings.Contains(msg, mappingValuesProblem) {
			msg += "; " + colonHint(sp, line)
		}
		warn(line, "invalid YAML frontmatter, ignored (document indexed without it): %s", msg)
		return fm, names, warns, nil
	}
	fileLine := func(n *yaml.Node) int { return sp.yamlLine + n.Line - 1 }
	if len(root.Content) == 0 {
		return fm, names, warns, nil
	}
	top = resolveAlias(root.Content[0])
	if top.Kind != yaml.MappingNode {
		if l, key, ok := fullWidthColon(sp); ok {
			warn(l, fullWidthColonMessage, key)
			return fm, names, warns, nil
		}
		warn(fileLine(top), "frontmatter is not a YAML mapping (key: value lines), ignored")
		return fm, names, warns, nil
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], resolveAlias(top.Content[i+1])
		key := k.Value
		if prev, dup := seen[key]; dup {
			warn(fileLine(k), "frontmatter key %q repeated (first at line %d); the last value is used", key, prev)
		}
		seen[key] = fileLine(k)
		switch key {
		case "title":
			if kind := nonStringKind(v); kind != "" {
				warn(fileLine(v), "%s", wrongKind(key, kind, v.Value))
			} else if s, ok := scalarString(v); ok {
				fm.Title = foldSpace(s)
				names = slices.DeleteFunc(names, func(n lineString) bool { return n.key == "title" })
				if fm.Title != "" {
					names = append(names, lineString{fm.Title, fileLine(v), "title"})
				}
			} else {
				warn(fileLine(v), "frontmatter title must be a string, ignored")
			}
		case "doc_type":
			if kind := nonStringKind(v); kind != "" {
				warn(fileLine(v), "%s", wrongKind(key, kind, v.Value))
			} else if s, ok := scalarString(v); ok {
				fm.DocType = strings.TrimSpace(s)
			} else {
				warn(fileLine(v), "frontmatter doc_type must be a string, ignored")
			}
		case "source_refs":
			fm.SourceRefs = nil
			for _, item := range stringItems(v, key, fileLine, warn) {
				ref, ok := parseSourceRef(item.value, item.line)
				if !ok {
					warn(item.line, "source_refs entry %q has no path, ignored", item.value)
					continue
				}
				fm.SourceRefs = append(fm.SourceRefs, ref)
			}
		case "tags", "aliases":
			items := stringItems(v, key, fileLine, warn)
			for i := range items {
				items[i].value = foldSpace(items[i].value)
			}
			names = slices.DeleteFunc(names, func(n lineString) bool { return n.key == key })
			for _, it := range items {
				if it.value != "" {
					names = append(names, lineString{it.value, it.line, key})
				}
			}
			if key == "tags" {
				fm.Tags = nonEmpty(items)
			} else {
				fm.Aliases = nonEmpty(items)
			}
		case "reviewed":
			s, _ := scalarString(v)
			s = strings.TrimSpace(s)
			if _, err := time.Parse(time.DateOnly, s); err != nil || v.Kind != yaml.ScalarNode {
				fm.Reviewed = ""
				warn(fileLine(v), "frontmatter reviewed %q is not a date in YYYY-MM-DD form, ignored", s)
			} else {
				fm.Reviewed = s
			}
		default:
			var val any
			if err := v.Decode(&val); err != nil {
				warn(fileLine(v), "frontmatter key %q: %s, ignored", key, strings.TrimPrefix(err.Error(), "yaml: "))
				continue
			}
			if fm.Extra == nil {
				fm.Extra = map[string]any{}
			}
			fm.Extra[key] = jsonSafe(val)
		}
	}
	return fm, names, warns, top
}

// foldSpace makes a name one line: runs of white space (the line breaks of
// a `title: |` block, tabs) become one space, and the ends are trimmed.
func foldSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

func resolveAlias(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 16; i++ {
		n = n.Alias
	}
	return n
}

func scalarString(n *yaml.Node) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", n.Kind == yaml.ScalarNode
	}
	return n.Value, true
}

// nonStringKind names the YAML type of a scalar that is not text
// ("number", "boolean", "date"), or returns "" for a string or a null:
// `source_refs: 5` or `aliases: 7` are almost always mistakes, and taking
// them as text would, for instance, track a file named "5".
func nonStringKind(n *yaml.Node) string {
	if n.Kind != yaml.ScalarNode {
		return ""
	}
	switch n.ShortTag() {
	case "!!int", "!!float":
		return "number"
	case "!!bool":
		return "boolean"
	case "!!timestamp":
		return "date"
	case "!!binary":
		return "binary value"
	}
	return ""
}

// wrongKind is the warning for a frontmatter field holding a non-text
// scalar.
func wrongKind(field, kind, value string) string {
	return fmt.Sprintf("frontmatter %s must be a string, not the %s %s (quote it to mean the text %q), ignored",
		field, kind, value, value)
}

type lineString struct {
	value string
	line  int
	key   string // the frontmatter key it is a value of, for the names a page goes by
}

// stringItems reads a list of strings or a single string.
func stringItems(v *yaml.Node, key string, fileLine func(*yaml.Node) int, warn func(int, string, ...any)) []lineString {
	switch v.Kind {
	case yaml.ScalarNode:
		if kind := nonStringKind(v); kind != "" {
			warn(fileLine(v), "%s", wrongKind(key, kind, v.Value))
			return nil
		}
		if s, _ := scalarString(v); strings.TrimSpace(s) != "" {
			return []lineString{{value: strings.TrimSpace(s), line: fileLine(v)}}
		}
		return nil
	case yaml.SequenceNode:
		var out []lineString
		for _, item := range v.Content {
			item = resolveAlias(item)
			if kind := nonStringKind(item); kind != "" {
				warn(fileLine(item), "%s", wrongKind(key+" entry", kind, item.Value))
				continue
			}
			s, ok := scalarString(item)
			if !ok {
				warn(fileLine(item), "frontmatter %s entries must be strings, entry ignored", key)
				continue
			}
			out = append(out, lineString{value: strings.TrimSpace(s), line: fileLine(item)})
		}
		return out
	}
	warn(fileLine(v), "frontmatter %s must be a list of strings or a string, ignored", key)
	return nil
}

func nonEmpty(items []lineString) []string {
	var out []string
	for _, it := range items {
		if it.value != "" {
			out = append(out, it.value)
		}
	}
	return out
}

// parseSourceRef splits "path#Symbol" on the last '#'.
func parseSourceRef(s string, line int) (SourceRef, bool) {
	s = strings.TrimSpace(s)
	ref := SourceRef{Path: s, Line: line}
	if i := strings.LastIndexByte(s, '#'); i >= 0 {
		ref.Path = s[:i] // s is trimmed: a space before the # belongs to a file name ("notes/c #.md")
		ref.Symbol = strings.TrimSpace(s[i+1:])
	}
	return ref, ref.Path != ""
}

// jsonSafe turns YAML maps with non-string keys into map[string]any so
// Extra always encodes as JSON.
func jsonSafe(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = jsonSafe(x)
		}
		return t
	case map[any]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[fmt.Sprint(k)] = jsonSafe(x)
		}
		return m
	case []any:
		for i, x := range t {
			t[i] = jsonSafe(x)
		}
		return t
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return strconv.FormatFloat(t, 'g', -1, 64) // JSON has no NaN/Inf
		}
	}
	return v
}
