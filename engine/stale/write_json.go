package stale

import (
	"encoding/json"
	"io"
	"time"

	"github.com/ubp-dev/ubp/index"
)

// jsonReport is the JSON form of a report: the documents at or above
// Level, with every ref (fresh ones included); counts cover every document.
// repo_path and warning files start from paths_from (the git root in a
// git work tree).
type jsonReport struct {
	Baseline      string          `json:"baseline"`
	GeneratedAt   time.Time       `json:"generated_at"`
	ThresholdDays int             `json:"threshold_days"`
	Level         Level           `json:"level"`
	CommitURL     string          `json:"commit_url,omitempty"`
	PathsFrom     string          `json:"paths_from"`
	ProjectPrefix string          `json:"project_prefix,omitempty"`
	Incomplete    bool            `json:"incomplete,omitempty"`
	Counts        map[Level]int   `json:"counts"`
	Documents     []DocResult     `json:"documents"`
	Warnings      []index.Warning `json:"warnings"`
}

// WriteJSON writes the report as one indented JSON object.
func WriteJSON(w io.Writer, r Report, threshold Level) error {
	out := jsonReport{
		Baseline:      r.Baseline,
		GeneratedAt:   r.GeneratedAt,
		ThresholdDays: r.ThresholdDays,
		Level:         threshold,
		CommitURL:     r.CommitURL,
		PathsFrom:     r.PathsFrom,
		ProjectPrefix: r.ProjectPrefix,
		Incomplete:    r.Incomplete,
		Counts:        r.Counts,
		Documents:     r.listed(threshold),
		Warnings:      r.Warnings,
	}
	if out.Documents == nil {
		out.Documents = []DocResult{}
	}
	if out.Warnings == nil {
		out.Warnings = []index.Warning{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
