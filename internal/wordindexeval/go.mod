module github.com/ubp-dev/ubp/internal/wordindexeval

go 1.26.8

require (
	github.com/ikawaha/kagome-dict/ipa v1.2.6
	github.com/ikawaha/kagome/v2 v2.10.3
	github.com/ubp-dev/ubp v0.0.0
)

require github.com/ikawaha/kagome-dict v1.1.7 // indirect

// The measures and the BM25 baseline are ubp's own (internal/relevance).
replace github.com/ubp-dev/ubp => ../..
