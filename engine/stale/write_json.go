package stale

import (
	"encoding/json"
	"io"
	"time"
)

// jsonReport is the JSON form of a report: the documents at or above
// Level, with every ref (fresh ones included); counts cover every document.
// repo_path and warning files start from paths_from (the git root in a
// git work tree).
type jsonReport struct {
	Baseline      string        `json:"baseline"`
	GeneratedAt   time.Time     `json:"generated_at"`
	ThresholdDays int           `json:"threshold_days"`
	Level         Level         `json:"level"`
	CommitURL     string        `json:"commit_url,omitempty"`
	PathsFrom     string        `json:"paths_from"`
	ProjectPrefix string        `json:"project_prefix,omitempty"`
	Incomplete    bool          `json:"incomplete,omitempty"`
	Counts        map[Level]int `json:"counts"`
	Documents     []DocResult   `json:"documents"`
	Warnings      []jsonWarning `json:"warnings"`
}

// jsonWarning is a warning in JSON: a project-wide one (see projectWide)
// has no file and no line.
type jsonWarning struct {
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
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
		Warnings:      make([]jsonWarning, len(r.Warnings)),
	}
	if out.Documents == nil {
		out.Documents = []DocResult{}
	}
	for i, w := range r.Warnings {
		out.Warnings[i] = jsonWarning{Message: w.Message}
		if !projectWide(w) {
			out.Warnings[i].File, out.Warnings[i].Line = w.File, w.Line
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
