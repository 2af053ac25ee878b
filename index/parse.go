package index

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// Parse parses one Markdown file. path is the document path relative to
// the docs folder (it names the file in warnings and becomes
// Document.Path); src is the raw file. Problems in the file (bad YAML,
// unknown doc_type, …) are returned as warnings, in the order of the
// file's lines (those about the whole file, of no line, last), and the
// document is still produced. Parse never panics; should the Markdown parser fail on some
// input, the file is indexed as one plain section with a warning.
func Parse(path string, src []byte) (doc *Document, warns []Warning) {
	return ParseIn(path, "", src)
}

// ParseIn is Parse for a file of a docs folder at docsPath, the folder's
// path from the project root ("docs", "site/docs"; "" or "." when unknown
// or the root itself): a Markdown link written from the project root
// ("/docs/guide.md", as GitHub reads it) then names the document
// "/guide.md" of the docs folder. Other paths starting with "/" are read
// from the docs folder, a site's root.
func ParseIn(path, docsPath string, src []byte) (doc *Document, warns []Warning) {
	defer func() {
		if r := recover(); r != nil {
			doc = plainDocument(path, src)
			warns = append(warns, Warning{File: path, Message: fmt.Sprintf(
				"internal error while parsing Markdown, indexed as plain text (please report this file): %v", r)})
		}
	}()
	return parseIn(path, docsPath, src)
}

// parse does the work of Parse without the panic guard, so fuzz tests see
// any panic.
func parse(docPath string, file []byte) (*Document, []Warning) {
	return parseIn(docPath, "", file)
}

// parseIn does the work of ParseIn without the panic guard.
func parseIn(docPath, docsPath string, file []byte) (*Document, []Warning) {
	return parsePieces(docPath, docsPath, file, maxPieceBytes)
}

// parsePieces is parseIn parsing the body in pieces of about pieceBytes.
func parsePieces(docPath, docsPath string, file []byte, pieceBytes int) (*Document, []Warning) {
	return parseBounded(docPath, docsPath, file, pieceBytes, maxIndentColumn)
}

// parseBounded is parsePieces handing goldmark the lines of the body
// indented beyond indentColumn indented to indentColumn only (see
// boundIndentCuts; math.MaxInt: as written).
func parseBounded(docPath, docsPath string, file []byte, pieceBytes, indentColumn int) (*Document, []Warning) {
	// Lines end at a bare CR too (CommonMark; old Mac files), as at LF.
	src := bareCRToLF(file)
	sp := splitFrontmatter(src)
	fm, names, warns, fmTop, markdown := parseFrontmatter(docPath, sp)
	if markdown {
		// No frontmatter: the file is Markdown from its start (after a BOM).
		sp = frontmatterSplit{bodyOffset: len(src) - len(bytes.TrimPrefix(src, utf8BOM)), bodyLine: 1}
	}
	fmLinks, fmLinkNames := frontmatterLinks(sp, fmTop)
	names = append(names, fmLinkNames...)
	doc := &Document{
		Path:        docPath,
		Frontmatter: fm,
		Hash:        hashHex(file),
	}
	doc.DocType, warns = resolveDocType(docPath, fm.DocType, sp, warns)

	body := src[sp.bodyOffset:]
	doc.Body = string(body)
	ls := newBodyLines(doc.Body)
	// md is what goldmark reads: body with nesting beyond the limits
	// blanked (same length and lines; see boundNesting).
	md, limit := boundNesting(body)
	if limit != nil {
		warns = append(warns, limit.warning(docPath, sp.bodyLine))
	}
	// goldmark reads a line's indentation once for every list, item and
	// quote open around it: beyond maxIndentColumn no block opens or
	// ends, and a 4 MB list nested 2,000 levels deep (lines of up to
	// 4,000 blanks) took 3-8 s to parse. It parses bounded, a copy of md
	// with the same lines, each indented at most indentColumn; its offsets
	// are read as lines in it (at) and links' contexts from md (cuts).
	bounded, cuts := boundIndentCuts(md, indentColumn)
	at := ls
	if cuts != nil {
		at = newBodyLines(string(bounded))
	}
	linkRoom := max(0, MaxDocLinks-len(fmLinks))
	blocks, h1, htmlH1, raw, st := parseBody(bounded, at, ls, writtenBody{md: md, cuts: cuts}, docPath, docsPath, pieceBytes, linkRoom)
	for _, c := range st.cut {
		warns = append(warns, Warning{File: docPath, Line: c.line + sp.bodyLine, Message: fmt.Sprintf(
			"a paragraph or table longer than %d KiB was parsed in %d parts to bound memory: emphasis and links across the cuts are lost and table rows after the first part are read as text (split it into smaller blocks to index it exactly)",
			maxBlockBytes>>10, c.cuts+1)})
	}
	for _, c := range st.split {
		if c.lossy {
			warns = append(warns, Warning{File: docPath, Line: c.line + sp.bodyLine, Message: fmt.Sprintf(
				"a list item, block quote or admonition longer than %d KiB was parsed in %d parts to bound memory (first split before this line): emphasis and links across the splits are lost (split it into smaller blocks to index it exactly)",
				maxBlockBytes>>10, c.splits+1)})
		}
	}
	if st.droppedLinks > 0 {
		dropped := fmt.Sprintf("%d links after the first %d were", st.droppedLinks, MaxDocLinks)
		if st.droppedLinks == 1 { // the singular for one, as ubp counts everywhere
			dropped = fmt.Sprintf("1 link after the first %d was", MaxDocLinks)
		}
		warns = append(warns, Warning{File: docPath, Message: fmt.Sprintf(
			"%s not indexed: a document keeps at most %d links (split it into several documents to keep them all)",
			dropped, MaxDocLinks)})
	}

	doc.Title = fm.Title
	if doc.Title == "" {
		doc.Title = h1
	}
	if doc.Title == "" {
		doc.Title = htmlH1
	}
	if doc.Title == "" {
		doc.Title = titleFromPath(docPath)
	}

	linkLines := make([]int, len(raw))
	for i, l := range raw {
		linkLines[i] = l.Line
	}
	hasLink := func(from, to int) bool {
		for _, ln := range linkLines {
			if ln >= from && ln <= to {
				return true
			}
		}
		return false
	}
	parts := buildSections(blocks, ls, hasLink)
	titleHeaded := h1 != "" && sameTitle(doc.Title, h1)
	if h1 == "" && len(parts) > 0 && parts[0].level == 0 && parts[0].heading.text == "" {
		// A page without an H1 (its title in the frontmatter, as Docusaurus
		// and Hugo pages have it, or its file name) had its title nowhere
		// in the index: the text before its first heading is headed by it,
		// as by an H1, so the title's words find the page.
		parts[0].heading = headingInfo{text: doc.Title, path: doc.Title}
		titleHeaded = true
	}

	offset := sp.bodyLine // file line of body line 0
	doc.Sections = make([]Section, 0, len(parts)+1)
	// A frontmatter naming the page in other words than its headings (a
	// title other than the H1, aliases, tags) is a section of its own, so
	// those words find the page too.
	if s, ok := frontmatterSection(names, doc.Title, titleHeaded); ok {
		doc.Sections = append(doc.Sections, s)
	}
	base := len(doc.Sections)
	for i, p := range parts {
		doc.Sections = append(doc.Sections, Section{
			Order:       base + i,
			Heading:     p.heading.text,
			HeadingPath: p.heading.path,
			Anchor:      p.heading.anchor,
			Level:       p.level,
			Content:     ls.join(p.start, p.end),
			StartLine:   p.start + offset,
			EndLine:     p.end + offset,
			Tokens:      ls.tokens(p.start, p.end),
		})
	}
	doc.Links = make([]Link, 0, len(fmLinks)+len(raw))
	doc.Links = append(doc.Links, fmLinks...) // in the frontmatter's section, order 0
	for _, l := range raw {
		l.Link.SectionOrder = base + sectionOf(parts, l.Line)
		l.Link.Line += offset
		doc.Links = append(doc.Links, l.Link)
	}
	// Found by kind (the frontmatter's, doc_type, cuts, splits): listed
	// in the order of the file.
	SortWarnings(warns)
	return doc, warns
}

// resolveDocType maps the frontmatter doc_type to a DocType (ubp's names
// or the Japanese ones of docTypeNames), warning (with the line of the key)
// about unknown values.
func resolveDocType(docPath, written string, sp frontmatterSplit, warns []Warning) (DocType, []Warning) {
	if strings.TrimSpace(written) == "" {
		return DocOther, warns
	}
	t, ok := frontmatterDocType(written)
	if !ok {
		valid := make([]string, len(DocTypes))
		for i, d := range DocTypes {
			valid[i] = string(d)
		}
		warns = append(warns, Warning{
			File: docPath,
			Line: frontmatterKeyLine(sp, "doc_type"),
			Message: fmt.Sprintf("unknown doc_type %q (using %q; valid: %s)",
				written, DocOther, strings.Join(valid, ", ")),
		})
	}
	return t, warns
}

// FrontmatterKeyLine is the file line (1-based) of the top-level "key:"
// in the frontmatter of the document src, or 0: for a warning found about
// a value after indexing (a reviewed: date in the future), which the index
// keeps without its line.
func FrontmatterKeyLine(src []byte, key string) int {
	return frontmatterKeyLine(splitFrontmatter(bareCRToLF(src)), key)
}

// frontmatterKeyLine finds the file line of a top-level "key:" in the
// frontmatter, or 0.
func frontmatterKeyLine(sp frontmatterSplit, key string) int {
	if !sp.present {
		return 0
	}
	for i, l := range strings.Split(string(sp.yaml), "\n") {
		if strings.HasPrefix(l, key) && strings.HasPrefix(strings.TrimLeft(l[len(key):], " \t"), ":") {
			return sp.yamlLine + i
		}
	}
	return 0
}

// parseBody parses the Markdown md (the body, bounded), whose lines are
// at, in pieces of about pieceBytes (see pieces) and returns its top-level
// blocks with their headings labelled, the text of its first top-level
// H1, the title of an HTML <h1> opening it and its first linkRoom links,
// their contexts read from written. Blocks end before the blank lines of
// the body, ls (a line of md may be blank where the body's is not: a
// marker nested too deep, see boundNesting). Only one piece's tree is
// held at a time; the blocks keep no node.
func parseBody(md []byte, at, ls *bodyLines, written writtenBody, docPath, docsPath string, pieceBytes, linkRoom int) (blocks []mdBlock, h1, htmlH1 string, raw []rawLink, st bodyStats) {
	// goldmark reads bounded, long runs of link reference definitions
	// cut (see boundRefRuns); the nodes' text is read from md.
	bounded, blanked := boundRefRuns(md)
	ps, refs := pieces(bounded, pieceBytes, max(maxBlockBytes, pieceBytes))
	refs = append(blanked, refs...)
	var hl headingLabeler
	hl.slugs = newSlugger()
	// A piece that goes on a split list item or block quote is parsed, and
	// its nodes' text read, with its stand-in (see containerCut).
	parsed, read := &overlay{body: bounded}, &overlay{body: md}
	if len(blanked) == 0 {
		read = parsed // bounded is md
	}
	for i, p := range ps {
		if p.hard {
			// It goes on the last top-level block so far.
			st.addCut(len(blocks)-1, at.lineOf(p.start))
		}
		if p.standIn != nil && p.container >= 0 {
			st.addSplit(p, at)
		}
		root := parsePiece(parsed.with(p.from(), p.standIn), p, refs)
		src := read.with(p.from(), p.standIn)
		from := len(blocks)
		first := root.FirstChild()
		if p.cont && first != nil {
			// It goes on the last block of the previous piece.
			first = first.NextSibling()
		}
		blocks = appendTopBlocks(blocks, first, at)
		hl.label(root, blocks[from:], src)
		if i == 0 {
			htmlH1 = htmlTitle(root, src)
		}
		links := collectLinks(root, docPath, docsPath, src, written, at, linkRoom-len(raw))
		raw = append(raw, links.kept...)
		st.droppedLinks += links.dropped
		for j := from; j < len(blocks); j++ {
			blocks[j].node = nil // the tree of this piece can go
		}
	}
	blockEnds(blocks, ls)
	return blocks, hl.h1, htmlH1, raw, st
}

// bodyStats tells what parseBody left out to bound its memory: the long
// top-level paragraphs and tables it cut where a parse of the whole would
// not, the long list items, block quotes and admonitions it split, and how
// many links beyond MaxDocLinks it dropped.
type bodyStats struct {
	cut          []blockCuts
	split        []containerSplits
	droppedLinks int
}

// blockCuts are the cuts of one top-level paragraph or table, the block
// of index block in parseBody's blocks: how many, and the body line of
// the first.
type blockCuts struct {
	block, cuts, line int
}

// addCut counts a cut of the block of index block before body line line.
func (st *bodyStats) addCut(block, line int) {
	if n := len(st.cut); n == 0 || st.cut[n-1].block != block {
		st.cut = append(st.cut, blockCuts{block: block, line: line})
	}
	st.cut[len(st.cut)-1].cuts++
}

// containerSplits are the splits of one top-level list item, block quote
// or admonition, beginning at body offset at: how many, of every kind (in
// a paragraph, a code block or an HTML block), the body line of the first,
// and whether one was in a paragraph (lossy: emphasis and links across it
// are lost).
type containerSplits struct {
	at, splits, line int
	lossy            bool
}

// addSplit counts the split before piece p, one of a container.
func (st *bodyStats) addSplit(p piece, ls *bodyLines) {
	if n := len(st.split); n == 0 || st.split[n-1].at != p.container {
		st.split = append(st.split, containerSplits{at: p.container, line: ls.lineOf(p.start)})
	}
	c := &st.split[len(st.split)-1]
	c.splits++
	c.lossy = c.lossy || !p.code
}

// headingLabeler gives every heading of the document its unique anchor (in
// document order, like GitHub), fills in the heading data of the H2/H3
// blocks that open sections and keeps the text of the first top-level H1,
// one piece of the body after another.
type headingLabeler struct {
	slugs  *slugger
	parent string // text of the last H2
	h1     string
}

// label labels the headings of root, whose top-level blocks are blocks.
func (l *headingLabeler) label(root ast.Node, blocks []mdBlock, body []byte) {
	texts, anchors := sluggedLabels(root, body, inlineText, l.slugs)
	for i := range blocks {
		b := &blocks[i]
		switch b.level {
		case 1:
			if l.h1 == "" {
				l.h1 = texts[b.node]
			}
		case 2:
			l.parent = texts[b.node]
			b.heading = headingInfo{text: l.parent, anchor: anchors[b.node], path: l.parent}
		case 3:
			t := texts[b.node]
			p := t
			if l.parent != "" {
				p = l.parent + " > " + t
			}
			b.heading = headingInfo{text: t, anchor: anchors[b.node], path: p}
		}
	}
}

// sectionOf returns the index of the part holding body line ln: the last
// part starting at or before it (parts are ordered and do not overlap).
func sectionOf(parts []sectionPart, ln int) int {
	i := sort.Search(len(parts), func(i int) bool { return parts[i].start > ln })
	return max(0, i-1)
}

// titleFromPath is the file name without its Markdown extension.
func titleFromPath(p string) string {
	base := path.Base(strings.ReplaceAll(p, "\\", "/"))
	if ext := path.Ext(base); IsMarkdownExt(ext) {
		base = base[:len(base)-len(ext)]
	}
	if base == "." || base == "/" {
		return ""
	}
	return base
}

func hashHex(src []byte) string {
	sum := sha256.Sum256(src)
	return hex.EncodeToString(sum[:])
}

// plainDocument is the fallback when Markdown parsing fails: the whole
// file as one section, no links.
func plainDocument(docPath string, src []byte) *Document {
	ls := newBodyLines(string(src))
	doc := &Document{
		Path:    docPath,
		Title:   titleFromPath(docPath),
		DocType: DocOther,
		Body:    string(src),
		Hash:    hashHex(src),
		Links:   []Link{},
	}
	if n := ls.count(); n > 0 {
		doc.Sections = []Section{{
			Content:   ls.join(0, n-1),
			StartLine: 1,
			EndLine:   n,
			Tokens:    ls.tokens(0, n-1),
		}}
	}
	return doc
}

// bareCRToLF returns src with every CR that no LF follows turned into an
// LF: one byte for one, so offsets stay those of the file and lines are
// the lines an editor shows. src itself when it has none.
func bareCRToLF(src []byte) []byte {
	var out []byte
	for i := bytes.IndexByte(src, '\r'); i >= 0; {
		if i+1 >= len(src) || src[i+1] != '\n' {
			if out == nil {
				out = append([]byte(nil), src...)
			}
			out[i] = '\n'
		}
		j := bytes.IndexByte(src[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	if out == nil {
		return src
	}
	return out
}
