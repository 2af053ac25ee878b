module github.com/ubp-dev/ubp/internal/wordindexeval

go 1.26

require (
	github.com/ikawaha/kagome-dict/ipa v1.2.6
	github.com/ikawaha/kagome/v2 v2.10.3
)

require github.com/ikawaha/kagome-dict v1.1.7 // indirect
