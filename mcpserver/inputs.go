package mcpserver

// The argument types of the tools. Their JSON names are the parameter names
// of the MCP tool spec; jsonschema tags are the parameter descriptions.
// Bounds, defaults and enums are added to the inferred schemas by each
// tool's declaration (tools.go).

type searchInput struct {
	Query         string   `json:"query" jsonschema:"What to look for, in natural language or keywords (English or Japanese). There are no query operators: a leading - looks for the word instead of excluding it, and AND, OR and NOT are ordinary words, dropped like 'the' and 'of'."`
	Limit         int      `json:"limit,omitempty" jsonschema:"Maximum number of documents to return."`
	IncludeLinked bool     `json:"include_linked,omitempty" jsonschema:"Also return, for each result, the pages it links to and that link to it (with a short summary)."`
	Depth         int      `json:"depth,omitempty" jsonschema:"How many links away from the best text matches the graph signal reaches."`
	LinkTypes     []string `json:"link_types,omitempty" jsonschema:"Only follow links of these types for the graph signal and include_linked."`
	DocType       string   `json:"doc_type,omitempty" jsonschema:"Only return documents of this type."`
}

type fulltextInput struct {
	Query   string `json:"query" jsonschema:"Keywords or a phrase in double quotes; substrings match, so Japanese works without spaces. There are no query operators: a leading - looks for the word instead of excluding it, and AND, OR and NOT are ordinary words, dropped like 'the' and 'of'."`
	Limit   int    `json:"limit,omitempty" jsonschema:"Maximum number of sections to return."`
	DocType string `json:"doc_type,omitempty" jsonschema:"Only return sections of documents of this type."`
}

type getPageInput struct {
	Filepath    string `json:"filepath" jsonschema:"Path of the document relative to the docs folder (as returned by the other tools), or its title or an alias; written as a link target with a heading (page#Heading), it reads that section unless section is given (a heading the page lacks gives the page, with missing_heading set)."`
	Section     string `json:"section,omitempty" jsonschema:"Read only this section: its anchor, heading path or heading, as listed in sections."`
	StartLine   int    `json:"start_line,omitempty" jsonschema:"Read from this line of the file (1-based); pass next_start_line of the previous answer to read on."`
	StartColumn int    `json:"start_column,omitempty" jsonschema:"Read the first line from this character (1-based); pass next_start_column with next_start_line to read on inside a line longer than max_size."`
	EndLine     int    `json:"end_line,omitempty" jsonschema:"Read up to this line of the file (inclusive)."`
	MaxSize     int    `json:"max_size,omitempty" jsonschema:"Upper bound of the answer (structuredContent) in bytes as sent; whole lines are kept, and next_start_line says where to read on."`
}

type getContextInput struct {
	Filepath  string   `json:"filepath" jsonschema:"The centre document: path relative to the docs folder, title or alias; written as a link target with a heading (page#Heading), the centre is that section (a heading the page lacks gives the page, with center.missing_heading set)."`
	Depth     int      `json:"depth,omitempty" jsonschema:"How many links away from the centre to collect pages, in both directions."`
	MaxSize   int      `json:"max_size,omitempty" jsonschema:"Upper bound of the answer (structuredContent) in bytes as sent; when the centre and its neighbours do not all fit, each has at least half, the farthest pages being dropped and the centre cut at a line boundary."`
	LinkTypes []string `json:"link_types,omitempty" jsonschema:"Only follow links of these types (in both directions): related lists only pages they reach, each with such a link. Omit for every type."`
}

type listPagesInput struct {
	DocType string `json:"doc_type,omitempty" jsonschema:"Only list documents of this type."`
	Sort    string `json:"sort,omitempty" jsonschema:"Sort key."`
	Order   string `json:"order,omitempty" jsonschema:"Sort order."`
	Limit   int    `json:"limit,omitempty" jsonschema:"Maximum number of pages in this answer."`
	Offset  int    `json:"offset,omitempty" jsonschema:"Skip this many pages: pass next_offset of the previous answer to read the next page."`
}

type getGraphInput struct {
	Center    string   `json:"center,omitempty" jsonschema:"Centre document (path, title, alias or doc_id); omit for the whole graph, which comes in pages."`
	Depth     int      `json:"depth,omitempty" jsonschema:"How many links away from the centre to include (ignored without center)."`
	Limit     int      `json:"limit,omitempty" jsonschema:"At most this many documents per answer: for the whole graph a page of them in file path order, with the edges that start at them; with center the nearest ones (the centre, then by hops), with the edges among them, and truncated set when more were within depth."`
	Offset    int      `json:"offset,omitempty" jsonschema:"Whole graph only (an error with center): skip this many documents; pass next_offset of the previous answer."`
	LinkTypes []string `json:"link_types,omitempty" jsonschema:"Only links of these types: with center the walk follows only them (both directions) and edges are only them; without center every document is still a node, but edges are only of these types. Omit for every type."`
}
