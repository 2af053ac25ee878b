// Package graphtext renders a link graph from engine.GetGraph as text for
// the CLI: Graphviz DOT and Mermaid. It escapes every string it writes, so
// no title can break either syntax; terminal safety is the caller's
// (cmd/ubp passes a termsafe writer).
package graphtext

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/plural"
)

// DOT writes g as a Graphviz digraph. Nodes are keyed by their id and
// labelled "title\npath" (a document on another page of the whole graph
// that an edge reaches, by its path); edges carry the link type; dangling
// targets are dashed. Every string is quoted, with '"' and '\' escaped and
// line breaks written as \n, so no title can break the syntax.
func DOT(w io.Writer, g engine.GraphResult) error {
	b := bufio.NewWriter(w)
	fmt.Fprintln(b, "digraph ubp {")
	fmt.Fprintln(b, "  node [shape=box];")
	for _, n := range g.Nodes {
		label := n.Title
		if n.Filepath != "" && n.Filepath != n.Title {
			label += "\n" + n.Filepath
		}
		style := ""
		if n.Dangling {
			style = ", style=dashed"
		}
		fmt.Fprintf(b, "  %s [label=%s%s];\n", dotQuote(n.ID), dotQuote(label), style)
	}
	// An edge's end on another page of the whole graph is named by its
	// file path, which Graphviz would otherwise draw as the bare id.
	drawn := make(map[string]bool, len(g.Nodes))
	for _, n := range g.Nodes {
		drawn[n.ID] = true
	}
	for _, e := range g.Edges {
		if !drawn[e.Target] && e.TargetPath != "" {
			drawn[e.Target] = true
			fmt.Fprintf(b, "  %s [label=%s];\n", dotQuote(e.Target), dotQuote(e.TargetPath))
		}
	}
	for _, e := range g.Edges {
		fmt.Fprintf(b, "  %s -> %s [label=%s];\n", dotQuote(e.Source), dotQuote(e.Target), dotQuote(string(e.Type)))
	}
	if note := pageNote(g); note != "" {
		fmt.Fprintf(b, "  // %s\n", note)
	}
	fmt.Fprintln(b, "}")
	if err := b.Flush(); err != nil {
		return fmt.Errorf("write DOT graph: %w", err)
	}
	return nil
}

var dotEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`)

// dotQuote is s as a DOT double-quoted string.
func dotQuote(s string) string { return `"` + dotEscaper.Replace(s) + `"` }

// Mermaid writes g as a Mermaid flowchart (left to right). Node ids
// are generated (n0, n1, ...) because document ids and dangling targets may
// hold any character; labels are quoted with '"', '<', '>', '&', '#' and
// line breaks written as Mermaid entity codes or <br/>.
func Mermaid(w io.Writer, g engine.GraphResult) error {
	b := bufio.NewWriter(w)
	fmt.Fprintln(b, "flowchart LR")
	key := make(map[string]string, len(g.Nodes))
	for i, n := range g.Nodes {
		k := fmt.Sprintf("n%d", i)
		key[n.ID] = k
		open, closeB := "[", "]"
		if n.Dangling {
			open, closeB = "([", "])"
		}
		fmt.Fprintf(b, "  %s%s\"%s\"%s\n", k, open, mermaidEscape(n.Title), closeB)
	}
	// An edge's end that is not on this page (a page of the whole graph
	// carries the edges starting at its documents) gets a node named by
	// its file path (its id when it has none), as DOT names it: until
	// 2026-11-27 such edges were dropped, then the node was named by its id.
	node := func(id, path string) string {
		if k, ok := key[id]; ok {
			return k
		}
		k := fmt.Sprintf("n%d", len(key))
		key[id] = k
		if path == "" {
			path = id
		}
		fmt.Fprintf(b, "  %s[\"%s\"]\n", k, mermaidEscape(path))
		return k
	}
	for _, e := range g.Edges {
		from, to := node(e.Source, e.SourcePath), node(e.Target, e.TargetPath)
		fmt.Fprintf(b, "  %s -->|%s| %s\n", from, mermaidEscape(string(e.Type)), to)
	}
	if note := pageNote(g); note != "" {
		fmt.Fprintf(b, "  %%%% %s\n", note)
	}
	if err := b.Flush(); err != nil {
		return fmt.Errorf("write Mermaid graph: %w", err)
	}
	return nil
}

var mermaidEscaper = strings.NewReplacer(
	"#", "#35;", `"`, "#quot;", "<", "#lt;", ">", "#gt;", "&", "#amp;",
	"|", "#124;", "\r\n", "<br/>", "\n", "<br/>", "\r", "<br/>",
)

// mermaidEscape makes s safe inside a quoted Mermaid label. The replacer
// makes one pass, so the entity codes it writes are not escaped again.
func mermaidEscape(s string) string { return mermaidEscaper.Replace(s) }

// pageNote says, for a comment line, that g is one page of a larger graph
// and where the next starts, that it is a page past the last document, or
// that a centre's neighbourhood was cut; "" when g is all of it. JSON has
// total and next_offset; DOT and Mermaid said nothing, so a page looked
// like the whole graph and one past the last like an empty graph.
func pageNote(g engine.GraphResult) string {
	switch {
	case g.NextOffset > 0:
		return fmt.Sprintf("one page of %d documents: the next starts at --offset %d", g.Total, g.NextOffset)
	case len(g.Nodes) == 0 && g.Total > 0:
		// A page of documents that exist is empty only past the last.
		return fmt.Sprintf("no documents on this page: --offset is past the last of %s", plural.Count(g.Total, "document", "documents"))
	case g.Truncated:
		return fmt.Sprintf("%d documents around the centre, cut at --limit", g.Total)
	}
	return ""
}
