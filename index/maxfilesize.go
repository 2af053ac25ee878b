package index

// DefaultMaxFileSize is the size above which a Markdown file is skipped
// (with a warning) when discovery's MaxFileSize is 0, and the largest
// input whose parse the package's memory bounds are stated for.
const DefaultMaxFileSize int64 = 5 << 20
