package mcpserver

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// The tool tables of docs/mcp-server.md are generated from the tool
// declarations (TestDocsToolTables checks that the page is current; run it
// with -update to rewrite the tables).

// Markers around the generated part of docs/mcp-server.md.
const (
	docsTablesBegin = "<!-- generated from mcpserver/tools.go: go test ./mcpserver -run TestDocsToolTables -update -->"
	docsTablesEnd   = "<!-- end of generated tables -->"
)

// docsToolTables renders the tool table and the category table.
func docsToolTables() (string, error) {
	schemas, err := buildSchemas()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("| tool | category | parameters (default; bounds) | returns |\n|---|---|---|---|\n")
	for _, d := range toolDecls {
		sc := schemas[d.Name]
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", d.Name, d.Category, paramsCell(sc.in), returnsCell(sc.out))
	}
	b.WriteString("\n| category | tools |\n|---|---|\n")
	for _, c := range Categories {
		var names []string
		for _, d := range toolDecls {
			if d.Category == c {
				names = append(names, "`"+d.Name+"`")
			}
		}
		fmt.Fprintf(&b, "| `%s` | %s |\n", c, strings.Join(names, ", "))
	}
	return b.String(), nil
}

// paramsCell lists the parameters: `name` (required | default; bounds |
// one of the enum).
func paramsCell(s *jsonschema.Schema) string {
	var parts []string
	for _, name := range orderedProps(s) {
		p := s.Properties[name]
		var notes []string
		if contains(s.Required, name) {
			notes = append(notes, "required")
		}
		if len(p.Default) > 0 {
			notes = append(notes, "default "+string(p.Default))
		}
		if p.Minimum != nil && p.Maximum != nil {
			notes = append(notes, num(*p.Minimum)+"–"+num(*p.Maximum))
		} else if p.Minimum != nil && *p.Minimum > 0 {
			notes = append(notes, "≥ "+num(*p.Minimum))
		}
		enum := p.Enum
		if p.Items != nil {
			enum = p.Items.Enum
		}
		if len(enum) > 0 && len(enum) <= 4 {
			var vals []string
			for _, v := range enum {
				vals = append(vals, fmt.Sprint(v))
			}
			notes = append(notes, strings.Join(vals, "/"))
		} else if len(enum) > 4 {
			notes = append(notes, "enum")
		}
		cell := "`" + name + "`"
		if len(notes) > 0 {
			cell += " (" + strings.Join(notes, "; ") + ")"
		}
		parts = append(parts, cell)
	}
	return strings.Join(parts, ", ")
}

// returnsCell lists the top-level members of an answer.
func returnsCell(s *jsonschema.Schema) string {
	var parts []string
	for _, name := range orderedProps(s) {
		parts = append(parts, "`"+name+"`")
	}
	return strings.Join(parts, ", ")
}

func orderedProps(s *jsonschema.Schema) []string {
	names := append([]string{}, s.PropertyOrder...)
	for n := range s.Properties {
		if !contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
