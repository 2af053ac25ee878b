package answer

import "github.com/ubp-dev/ubp/index"

// Status describes the project and its index.
type Status struct {
	ProjectRoot   string `json:"project_root"`
	DocsDir       string `json:"docs_dir"`
	Documents     int    `json:"documents"`
	Sections      int    `json:"sections"`
	Links         int    `json:"links"`
	DanglingLinks int    `json:"dangling_links"`
	// DanglingList is the first MaxDanglingList dangling links, by
	// linking file and line.
	DanglingList   []DanglingLink `json:"dangling_list,omitempty"`
	AmbiguousLinks int            `json:"ambiguous_links"`
	// BrokenAnchors counts the links that resolve to a page but name a
	// heading it lacks (PageLink.HeadingMissing: read as page#heading
	// they give the whole page); BrokenAnchorList is the first
	// MaxDanglingList of them, by linking file and line.
	BrokenAnchors    int            `json:"broken_anchors"`
	BrokenAnchorList []BrokenAnchor `json:"broken_anchor_list,omitempty"`
	StaleDocuments   int            `json:"stale_documents"` // stale and possibly stale
	// PossiblyStaleDocuments is how many of StaleDocuments are only
	// possibly stale.
	PossiblyStaleDocuments int `json:"possibly_stale_documents"`
	// StalenessBaseline is the baseline staleness was checked against
	// (git or index), StaleList the documents that are not fresh, worst
	// and oldest first, at most MaxStaleList of them.
	StalenessBaseline string          `json:"staleness_baseline"`
	StaleList         []StaleDocument `json:"stale_list,omitempty"`
	IndexBytes        int64           `json:"index_bytes"`
	LastIndexedAt     string          `json:"last_indexed_at"`
	SchemaVersion     int             `json:"schema_version"`
	EmbeddingModel    string          `json:"embedding_model,omitempty"`
	Embedded          int             `json:"embedded_sections"`
	// LatentRank is the dimensions of the latent space of long queries
	// (0: none yet, fewer sections than it needs), LatentBasis the
	// sections the index held when it was trained, and LatentQueued the
	// sections waiting to be placed in it.
	LatentRank   int `json:"latent_rank"`
	LatentBasis  int `json:"latent_basis"`
	LatentQueued int `json:"latent_queued"`
	// DocumentsWithWarnings counts the documents whose last parse gave
	// warnings (frontmatter that does not parse, ...); Warnings lists the
	// first MaxWarningsList of their warnings, in file path order.
	DocumentsWithWarnings int             `json:"documents_with_warnings"`
	Warnings              []index.Warning `json:"warnings"`
	// RejectedRefs counts the source refs the staleness check refuses now
	// (absolute, outside the project, malformed): never checked, they
	// count for no level. RejectedList is the first MaxWarningsList, by
	// document and line, each saying why. They are decided with the
	// staleness levels, so they follow the files (a ref to notes/c#.md
	// is accepted once that file exists) without a re-index.
	RejectedRefs int             `json:"rejected_refs"`
	RejectedList []index.Warning `json:"rejected_list,omitempty"`
	// SkippedFiles counts the files of the docs folder that indexing
	// skipped (over max_file_size, not text, a name not UTF-8, a symlink
	// leading nowhere or outside, ...): they have no document.
	// SkippedFolders counts the folders it did not read (a symlinked
	// folder leading outside the docs folder, a name not UTF-8;
	// discover.IsSkippedFolder): until 2026-11-28 counted as files. Skipped
	// lists the first MaxWarningsList of both, by path, each with why.
	SkippedFiles   int             `json:"skipped_files"`
	SkippedFolders int             `json:"skipped_folders"`
	Skipped        []index.Warning `json:"skipped,omitempty"`
}

// DanglingLink is a link whose target names no document: where it is
// written and the target as written.
type DanglingLink struct {
	Filepath string `json:"filepath"`
	Line     int    `json:"line"`
	Target   string `json:"target"`
	// Why says why the target can name no page, when it can tell
	// (DanglingWhy): a file that is no Markdown.
	Why string `json:"why,omitempty"`
}

// BrokenAnchor is a link to a heading its page lacks: where it is written,
// the page it resolves to (Target, its file path) and the heading it names.
type BrokenAnchor struct {
	Filepath string `json:"filepath"`
	Line     int    `json:"line"`
	Target   string `json:"target"`
	Heading  string `json:"heading"`
}

// MaxDanglingList bounds Status.DanglingList and Status.BrokenAnchorList; DanglingLinks counts them
// all, get-page shows a page's own and get-graph --dangling draws them.
const MaxDanglingList = 20

// MaxWarningsList bounds Status.Warnings; get-page shows a document's own.
const MaxWarningsList = 20

// MaxStaleList bounds Status.StaleList; StaleDocuments counts them all and
// `ubp stale` lists them all.
const MaxStaleList = 20
