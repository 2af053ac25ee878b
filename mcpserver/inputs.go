package mcpserver

// The argument types of the tools. Their JSON names are the parameter names
// of the MCP tool spec; jsonschema tags are the parameter descriptions.
// Bounds, defaults and enums are added to the inferred schemas in tools.go.

type searchInput struct {
	Query         string   `json:"query" jsonschema:"What to look for, in natural language or keywords (English or Japanese)."`
	Limit         int      `json:"limit,omitempty" jsonschema:"Maximum number of documents to return."`
	IncludeLinked bool     `json:"include_linked,omitempty" jsonschema:"Also return, for each result, the pages it links to and that link to it (with a short summary)."`
	Depth         int      `json:"depth,omitempty" jsonschema:"How many links away from the best text matches the graph signal reaches."`
	LinkTypes     []string `json:"link_types,omitempty" jsonschema:"Only follow links of these types for the graph signal and include_linked."`
	DocType       string   `json:"doc_type,omitempty" jsonschema:"Only return documents of this type."`
}

type fulltextInput struct {
	Query   string `json:"query" jsonschema:"Keywords or a phrase; substrings match, so Japanese works without spaces."`
	Limit   int    `json:"limit,omitempty" jsonschema:"Maximum number of sections to return."`
	DocType string `json:"doc_type,omitempty" jsonschema:"Only return sections of documents of this type."`
}

type getPageInput struct {
	Filepath string `json:"filepath" jsonschema:"Path of the document relative to the docs folder (as returned by the other tools), or its title or an alias."`
}

type getContextInput struct {
	Filepath string `json:"filepath" jsonschema:"The centre document: path relative to the docs folder, title or alias."`
	Depth    int    `json:"depth,omitempty" jsonschema:"How many links away from the centre to collect pages, in both directions."`
	MaxSize  int    `json:"max_size,omitempty" jsonschema:"Upper bound of the answer in bytes of JSON; the farthest pages are dropped first."`
}

type listPagesInput struct {
	DocType string `json:"doc_type,omitempty" jsonschema:"Only list documents of this type."`
	Sort    string `json:"sort,omitempty" jsonschema:"Sort key."`
	Order   string `json:"order,omitempty" jsonschema:"Sort order."`
}

type getGraphInput struct {
	Center string `json:"center,omitempty" jsonschema:"Centre document (path, title, alias or doc_id); omit for the whole graph."`
	Depth  int    `json:"depth,omitempty" jsonschema:"How many links away from the centre to include (ignored without center)."`
}
