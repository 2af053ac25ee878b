package graphhtml

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"
)

// The pinned graph library (see libgen/fetch.sh) and the page around it.
var (
	//go:embed assets/cytoscape.min.js
	libJS string
	//go:embed assets/view.html
	pageHTML string
	//go:embed assets/view.css
	pageCSS string
	//go:embed assets/view.js
	pageJS string
)

// Write writes d as one self-contained HTML page titled title.
func Write(w io.Writer, d Data, title string) error {
	data, err := MarshalData(d)
	if err != nil {
		return err
	}
	// One pass: text put in is never scanned for placeholders again.
	page := strings.NewReplacer(
		"{{TITLE}}", html.EscapeString(title),
		"{{CSS}}", pageCSS,
		"{{LIB}}", libJS,
		"{{DATA}}", string(data),
		"{{JS}}", pageJS,
	).Replace(pageHTML)
	if _, err := io.WriteString(w, page); err != nil {
		return fmt.Errorf("write HTML graph: %w", err)
	}
	return nil
}

// MarshalData is the JSON embedded in the page. '<', '>' and '&' are
// escaped (\u003c …), so no title can close the script element holding it.
func MarshalData(d Data) ([]byte, error) {
	if d.Nodes == nil {
		d.Nodes = []Node{}
	}
	if d.Edges == nil {
		d.Edges = []Edge{}
	}
	b, err := json.Marshal(d)
	if err != nil {
		return nil, fmt.Errorf("encode graph data: %w", err)
	}
	return b, nil
}
