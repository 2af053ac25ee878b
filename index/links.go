package index

import (
	"bytes"
	"net/url"
	"path"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"golang.org/x/text/unicode/norm"
)

// ContextRunes is the length, in characters, of Link.Context.
const ContextRunes = 100

// MaxDocLinks is how many links a document keeps: the first in document
// order, the rest dropped with a warning. Real pages stay far below it
// (an index page or a long glossary links some hundreds of pages); a 5 MB
// file of "[[a]] " has 870,000, whose storing took minutes and a GB.
const MaxDocLinks = 10_000

// rawLink is a link with its byte offset in the body and, until its
// Context is made, the source [ctxFrom, ctxTo) shown around it.
type rawLink struct {
	Link
	offset         int
	ctxFrom, ctxTo int
}

// collectedLinks are the links of one tree: the first ones kept, in
// document order, and how many after them were dropped.
type collectedLinks struct {
	kept    []rawLink
	dropped int
}

// linkCollector walks the goldmark tree of a body and collects links.
type linkCollector struct {
	// dir is the linking document's folder, from the docs root ("." at
	// the root).
	dir   string
	body  []byte
	lines *bodyLines
	// docsRoot is how a link from the project root into the docs folder
	// starts ("/docs/"), "" when unknown.
	docsRoot string
	links    []rawLink
	runs     []textRun
	// open is set while the last run may go on: no node whose source is
	// no wiki-link text (a Markdown link, an image) came after it.
	open bool
	// scratch is contextAround's buffer, reused from link to link.
	scratch []rune
}

// writtenBody is the body as written, md, that the text goldmark parsed
// was made from by cutting deep indentation (cuts; nil: none was cut):
// what the contexts of links show.
type writtenBody struct {
	md   []byte
	cuts *indentCuts
}

// textRun is a stretch of body source of one block from a Text node or
// inline code span to the last one with no Markdown link or image between:
// the only places where wiki-links are looked for. It is read as written,
// the emphasis and strikethrough delimiters and backslash escapes between
// its Text nodes included, so [[a*b*c]] is the link it reads as whatever
// inline parsing made of it. code holds the spans whose brackets are no
// wiki-link's (code spans, raw HTML, autolinks), relative to start.
type textRun struct {
	start, stop int
	block       ast.Node
	code        []codeSpan
}

// collectLinks lists the first limit links of the body of the document at
// docPath, and counts the others. A link from the project root into the
// docs folder at docsPath ("/docs/guide.md") is made a link from the docs
// folder ("/guide.md"). body is the text the tree was parsed from;
// contexts show written, the body as written (they differ in the stand-in
// of a piece after a split list item or block quote, see containerCut,
// and in the indentation cut beyond maxIndentColumn).
func collectLinks(root ast.Node, docPath, docsPath string, body []byte, written writtenBody, ls *bodyLines, limit int) collectedLinks {
	c := &linkCollector{dir: path.Dir(strings.ReplaceAll(docPath, "\\", "/")), body: body, lines: ls, docsRoot: docsRootPrefix(docsPath)}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			if l, ok := n.(*ast.Link); ok && !insideWikiBrackets(l, body) {
				c.open = false // the text of a Markdown link is a run of its own
			}
			return ast.WalkContinue, nil
		}
		switch t := n.(type) {
		case *ast.CodeSpan:
			c.addCodeSpan(t)
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			c.addRawHTML(t)
			return ast.WalkSkipChildren, nil
		case *ast.AutoLink:
			c.addAutoLink(t)
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock, *ast.FencedCodeBlock, *ast.HTMLBlock, *ast.Image, *ast.LinkReferenceDefinition:
			c.open = false
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			if insideWikiBrackets(t, body) {
				// [[a]] where [a] is a defined reference: goldmark's
				// shortcut link [a] is the wiki-link's text, read as such.
				return ast.WalkContinue, nil
			}
			c.markdownLink(t)
			// Its text may hold wiki-links ([see [[inner]]](b.md)): read
			// as a run of its own, closed when the link ends.
			c.open = false
			return ast.WalkContinue, nil
		case *ast.Text:
			c.addText(t)
		case *ast.Emphasis, *east.Strikethrough:
			// Its delimiters are part of the run's source.
		default:
			if n.Type() == ast.TypeInline {
				c.open = false // a task check box, or another unknown inline
			}
		}
		return ast.WalkContinue, nil
	})
	for _, r := range c.runs {
		for _, m := range scanWikiLinksAround(string(body[r.start:r.stop]), r.code) {
			if isAttachment(m.target) {
				// ![[diagram.png]], [[spec.pdf]]: a file, not a page (as a
				// Markdown image is); each counted as dangling.
				continue
			}
			off := r.start + m.start
			kind := KindWiki
			if m.embed {
				kind = KindEmbed
			}
			c.add(r.block, off, Link{
				Kind:          kind,
				Type:          m.typ,
				Target:        m.target,
				TargetHeading: m.heading,
				Alias:         m.alias,
			})
		}
	}
	sort.SliceStable(c.links, func(i, j int) bool { return c.links[i].offset < c.links[j].offset })
	out := collectedLinks{kept: c.links}
	if limit = max(0, limit); len(c.links) > limit {
		out = collectedLinks{kept: c.links[:limit:limit], dropped: len(c.links) - limit}
	}
	for i := range out.kept {
		l := &out.kept[i]
		o := written.cuts.original
		l.Context = contextAround(written.md, o(l.ctxFrom), o(l.offset), o(l.ctxTo), &c.scratch)
	}
	return out
}

func (c *linkCollector) addText(t *ast.Text) {
	seg := t.Segment
	if seg.Start < 0 || seg.Stop > len(c.body) || seg.Start >= seg.Stop {
		return
	}
	c.run(enclosingBlock(t), seg.Start).stop = seg.Stop
}

// run returns the text run that source from offset start of block goes
// on: the last one when it is open, of that block and before start, else
// a new, empty one at start.
func (c *linkCollector) run(block ast.Node, start int) *textRun {
	n := len(c.runs)
	if !c.open || n == 0 || c.runs[n-1].block != block || c.runs[n-1].stop > start {
		c.runs = append(c.runs, textRun{start: start, stop: start, block: block})
		n++
	}
	c.open = true
	return &c.runs[n-1]
}

// addSpan adds the source [start, stop) of block, whose brackets are no
// wiki-link's, to the run it goes on; [in, out) is the text it stands for
// inside a wiki-link.
func (c *linkCollector) addSpan(block ast.Node, start, stop, in, out int) {
	r := c.run(block, start)
	r.code = append(r.code, codeSpan{start: start - r.start, stop: stop - r.start, inStart: in - r.start, inStop: out - r.start})
	r.stop = stop
}

// addCodeSpan adds an inline code span, with its backtick delimiters, to
// the text run it continues (or starts one), so that a wiki-link may hold
// code ([[`config.json`]]) while one written inside code stays text.
func (c *linkCollector) addCodeSpan(cs *ast.CodeSpan) {
	first, ok1 := cs.FirstChild().(*ast.Text)
	last, ok2 := cs.LastChild().(*ast.Text)
	if !ok1 || !ok2 {
		c.open = false
		return
	}
	in, out := first.Segment.Start, last.Segment.Stop
	if in < 0 || out > len(c.body) || in >= out {
		c.open = false
		return
	}
	start, stop := in, out
	if start > 1 && c.body[start-1] == ' ' && c.body[start-2] == '`' {
		start--
	}
	for start > 0 && c.body[start-1] == '`' {
		start--
	}
	if stop+1 < len(c.body) && c.body[stop] == ' ' && c.body[stop+1] == '`' {
		stop++
	}
	for stop < len(c.body) && c.body[stop] == '`' {
		stop++
	}
	if start == in || stop == out {
		c.open = false
		return // not delimited as expected: left out, as before
	}
	c.addSpan(enclosingBlock(cs), start, stop, in, out)
}

// addRawHTML adds an inline HTML tag or comment to the text run it goes
// on: a wiki-link may hold one as written ([[Vec<T>]]), while brackets in
// it (<span title="[[x]]">) are no link.
func (c *linkCollector) addRawHTML(h *ast.RawHTML) {
	segs := h.Segments
	if segs == nil || segs.Len() == 0 {
		c.open = false
		return
	}
	start, stop := segs.At(0).Start, segs.At(segs.Len()-1).Stop
	if start < 0 || stop > len(c.body) || start >= stop {
		c.open = false
		return
	}
	c.addSpan(enclosingBlock(h), start, stop, start, stop)
}

// addAutoLink adds an autolink (<https://…>) to the text run it goes on,
// as addRawHTML does an HTML tag.
func (c *linkCollector) addAutoLink(a *ast.AutoLink) {
	start := a.Pos()
	if start < 0 || start >= len(c.body) || c.body[start] != '<' {
		c.open = false
		return
	}
	end := bytes.IndexByte(c.body[start:], '>')
	if end < 0 {
		c.open = false
		return
	}
	stop := start + end + 1
	c.addSpan(enclosingBlock(a), start, stop, start, stop)
}

// insideWikiBrackets reports whether l is a shortcut reference link "[a]"
// written as the inside of a wiki-link "[[a]]" (the '[' before it not
// escaped): CommonMark reads [[a]] so when the document defines the
// reference [a], which would turn the wiki-link into a Markdown link to
// that definition's destination, or into nothing when it is a URL.
func insideWikiBrackets(l *ast.Link, body []byte) bool {
	if l.Reference == nil || l.Reference.Type != ast.ReferenceLinkShortcut {
		return false
	}
	start := l.Pos()
	stop := start + len(l.Reference.Value) + 2 // "[" label "]"
	if start < 1 || stop >= len(body) || body[start] != '[' || body[stop-1] != ']' ||
		body[start-1] != '[' || body[stop] != ']' {
		return false
	}
	escapes := 0
	for i := start - 2; i >= 0 && body[i] == '\\'; i-- {
		escapes++
	}
	return escapes%2 == 0
}

func (c *linkCollector) markdownLink(l *ast.Link) {
	target, heading, rendered, ok := docLinkTarget(string(unescapeMarkdown(l.Destination)))
	if !ok || leavesDocs(c.dir, target) {
		return
	}
	if c.docsRoot != "" && (strings.HasPrefix(target, c.docsRoot) || target == c.docsRoot[:len(c.docsRoot)-1]) {
		// "/docs/guide.md" is "/guide.md"; "/docs/" and "/docs" the docs
		// folder itself, "/".
		target = "/" + target[min(len(target), len(c.docsRoot)):]
	}
	off := l.Pos()
	block := enclosingBlock(l)
	if off < 0 || off >= len(c.body) {
		off = blockOffset(block)
	}
	if off < 0 {
		return
	}
	c.add(block, off, Link{
		Kind:          KindMarkdown,
		Type:          LinkReferences,
		Target:        target,
		TargetHeading: heading,
		Alias:         inlineText(l, c.body),
		Rendered:      rendered,
	})
}

func (c *linkCollector) add(block ast.Node, off int, l Link) {
	l.Line = c.lines.lineOf(off) // body line for now; Parse makes it a file line
	from, to := c.lines.span(l.Line)
	if block != nil && block.Kind() != east.KindTableCell && block.Lines().Len() > 0 {
		lines := block.Lines()
		from, to = min(from, lines.At(0).Start), max(to, lines.At(lines.Len()-1).Stop)
	}
	// Its Context is made once the links kept are known.
	c.links = append(c.links, rawLink{Link: l, offset: off, ctxFrom: from, ctxTo: to})
}

var urlSchemeRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.\-]*:`)

// docLinkTarget decides whether a Markdown link destination points at a
// document: a relative or docs-root-absolute ("/x.md") path ending in .md
// or .markdown, optionally with "#anchor" (and "?query", dropped). A path
// ending in .html or .htm is a page's rendered name (mdBook, Jekyll), one
// without an extension its route (VitePress, Docusaurus:
// "./getting-started"), and one ending in '/' a folder's ("/guide/", and
// "./", "../", "/" unnamed, as "." and ".." are): rendered is set, and the
// link counts only if it resolves (Link.Rendered), to the folder's index
// page.
// URLs with a scheme ("https:", "mailto:"), "//host" links, pure "#anchor"
// links and other file types are not document links. The path and anchor
// are URL-decoded ("a%20b.md" → "a b.md") and NFC-normalized.
func docLinkTarget(dest string) (target, heading string, rendered, ok bool) {
	dest = strings.TrimSpace(dest)
	if dest == "" || dest[0] == '#' || strings.HasPrefix(dest, "//") || urlSchemeRE.MatchString(dest) {
		return "", "", false, false
	}
	p := dest
	if i := strings.IndexByte(p, '#'); i >= 0 {
		heading = p[i+1:]
		p = p[:i]
	}
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	// An escape that decodes to bytes that are not UTF-8 (a%FF.md) is
	// kept as written: decoded, JSON answers wrote it a\ufffd.md, a name
	// no file ubp indexes can have (discovery skips such names).
	if d, err := url.PathUnescape(p); err == nil && utf8.ValidString(d) {
		p = d
	}
	if d, err := url.PathUnescape(heading); err == nil && utf8.ValidString(d) {
		heading = d
	}
	ext := path.Ext(p)
	if b := path.Base(p); b == "." || b == ".." {
		ext = "" // a folder: "." and ".." have no extension
	}
	switch strings.ToLower(ext) {
	case ".md", ".markdown", ".mdx":
	case ".html", ".htm":
		rendered = true
	case "":
		// A route (VitePress, Docusaurus: ./getting-started) or a folder
		// ("/guide/", "setup/", "./", "../", "/", and "." and ".." without
		// the '/': its index page, see package graph); not nothing at all.
		if p == "" {
			return "", "", false, false
		}
		rendered = true
	default:
		return "", "", false, false
	}
	return norm.NFC.String(p), norm.NFC.String(strings.TrimSpace(heading)), rendered, true
}

// leavesDocs reports whether the relative link path target, written in a
// document of the folder dir, leads out of the docs folder ("../README.md"
// from the root): a file ubp never reads, so no document link, as a link
// to "../src/main.go" is not (it resolved to nothing and was counted as
// broken). Paths from the docs root ("/x.md") never leave it.
func leavesDocs(dir, target string) bool {
	if strings.HasPrefix(target, "/") {
		return false
	}
	j := path.Join(dir, target)
	return j == ".." || strings.HasPrefix(j, "../")
}

// contextAround returns about ContextRunes characters of src[from:to]
// around offset at, whitespace collapsed: a little before, more after.
// scratch, when not nil, is a buffer kept between calls.
func contextAround(src []byte, from, at, to int, scratch *[]rune) string {
	const before = ContextRunes * 2 / 5
	// Bound the work on huge single-line paragraphs.
	from = max(from, at-ContextRunes*8)
	to = min(to, at+ContextRunes*8, len(src))
	for from > 0 && from < len(src) && !utf8.RuneStart(src[from]) {
		from++
	}
	for to < len(src) && to > at && !utf8.RuneStart(src[to]) {
		to--
	}
	if from > at || at > to {
		return ""
	}
	// At most ContextRunes runes before the link and as many after it
	// are ever shown: out keeps no more (a paragraph of 400,000 links
	// otherwise grew it to the whole window for each, 7 GB in all).
	var out []rune
	if scratch != nil {
		out = (*scratch)[:0]
		defer func() { *scratch = out[:0] }()
	}
	if cap(out) < 3*ContextRunes+2 {
		out = make([]rune, 0, 3*ContextRunes+2)
	}
	linkIdx := -1
	space := false
	// Decoded in place: ranging over string(src[from:to]) copied the
	// window for every link.
	for off := from; off < to; {
		r, size := utf8.DecodeRune(src[off:to])
		runeAt := off
		off += size
		if linkIdx < 0 && runeAt >= at {
			if space && len(out) > 0 {
				out = append(out, ' ')
			}
			space = false
			linkIdx = len(out)
		}
		if linkIdx >= 0 && len(out) >= linkIdx+ContextRunes {
			break
		}
		if linkIdx < 0 && len(out) >= 2*ContextRunes {
			out = out[:copy(out, out[len(out)-ContextRunes:])]
		}
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && len(out) > 0 {
			out = append(out, ' ')
		}
		space = false
		out = append(out, r)
	}
	if linkIdx < 0 {
		linkIdx = len(out)
	}
	start := max(0, linkIdx-before)
	end := min(len(out), start+ContextRunes)
	start = max(0, end-ContextRunes)
	return strings.TrimSpace(string(out[start:end]))
}

// attachmentExts are the extensions of files a wiki-link or embed names
// that are no page: images, audio, video, PDFs, office files, archives,
// and the canvases of Obsidian and Excalidraw.
var attachmentExts = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true, ".webp": true, ".bmp": true,
	".avif": true, ".ico": true, ".tif": true, ".tiff": true, ".heic": true,
	".mp3": true, ".wav": true, ".ogg": true, ".m4a": true, ".flac": true, ".mp4": true, ".webm": true,
	".mov": true, ".mkv": true, ".avi": true,
	".pdf": true, ".docx": true, ".xlsx": true, ".pptx": true, ".csv": true, ".zip": true,
	".canvas": true, ".excalidraw": true,
}

// isAttachment reports whether a wiki-link target names an attachment by
// its extension (any letter case).
func isAttachment(target string) bool {
	return attachmentExts[strings.ToLower(path.Ext(strings.TrimSpace(target)))]
}

// docsRootPrefix is how a link from the project root into the docs folder
// at docsPath starts ("/docs/"), or "" when the docs folder is the root or
// unknown.
func docsRootPrefix(docsPath string) string {
	p := strings.Trim(path.Clean(strings.ReplaceAll(docsPath, "\\", "/")), "/")
	if p == "" || p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return ""
	}
	return "/" + p + "/"
}
