package stale

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// SARIF 2.1.0, the subset ubp writes. Field names follow the standard.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		Invocations []sarifInvocation `json:"invocations"`
		Results     []sarifResult     `json:"results"`
		Properties  map[string]any    `json:"properties,omitempty"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string            `json:"id"`
		Name                 string            `json:"name"`
		ShortDescription     sarifText         `json:"shortDescription"`
		FullDescription      sarifText         `json:"fullDescription"`
		Help                 sarifMultiText    `json:"help"`
		DefaultConfiguration sarifRuleConfig   `json:"defaultConfiguration"`
		Properties           sarifRuleProperty `json:"properties"`
	}
	sarifRuleConfig struct {
		Level string `json:"level"`
	}
	sarifRuleProperty struct {
		Tags []string `json:"tags"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifMultiText struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown,omitempty"`
	}
	sarifInvocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level     string          `json:"level"`
		Message   sarifText       `json:"message"`
		Locations []sarifLocation `json:"locations,omitempty"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifText         `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		Properties          map[string]any    `json:"properties"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
	}
)

// sarifRules are the rules, one per reason; a result's ruleIndex points here.
var sarifRules = []struct {
	reason Reason
	rule   sarifRule
}{
	{Modified, sarifRule{
		ID:               "ubp/source-ref-modified",
		Name:             "SourceRefModified",
		ShortDescription: sarifText{"A source_ref of this document changed after the document."},
		FullDescription:  sarifText{"The code this document describes (a file, folder, glob or Go declaration in its source_refs frontmatter) changed after the document was last updated, so the document may no longer match it."},
		Help: sarifMultiText{
			Text:     "Read the change and update the document. If the document is still right, confirm it without editing the text by setting `reviewed: YYYY-MM-DD` in its frontmatter.",
			Markdown: "Read the change and update the document. If the document is still right, confirm it without editing the text by setting `reviewed: YYYY-MM-DD` in its frontmatter.",
		},
	}},
	{Deleted, sarifRule{
		ID:               "ubp/source-ref-deleted",
		Name:             "SourceRefDeleted",
		ShortDescription: sarifText{"A source_ref of this document was deleted."},
		FullDescription:  sarifText{"A file, folder or glob in this document's source_refs existed when the document was last updated and is gone now."},
		Help: sarifMultiText{
			Text:     "Update the document for the code that replaced it, and fix or remove the source_ref.",
			Markdown: "Update the document for the code that replaced it, and fix or remove the `source_refs` entry.",
		},
	}},
	{NotFound, sarifRule{
		ID:               "ubp/source-ref-not-found",
		Name:             "SourceRefNotFound",
		ShortDescription: sarifText{"A source_ref of this document does not exist."},
		FullDescription:  sarifText{"A path in this document's source_refs never existed since the document was last updated, or the Go declaration it names (path.go#Symbol) does not exist."},
		Help: sarifMultiText{
			Text:     "Fix the path or symbol name (paths start at the project root), or remove the source_ref.",
			Markdown: "Fix the path or symbol name (paths start at the project root), or remove the `source_refs` entry.",
		},
	}},
	{Moved, sarifRule{
		ID:               "ubp/source-ref-moved",
		Name:             "SourceRefMoved",
		ShortDescription: sarifText{"A source_ref of this document was moved."},
		FullDescription:  sarifText{"A file in this document's source_refs existed when the document was last updated and was moved since (renamed, kept or lightly edited); the message names where it went."},
		Help: sarifMultiText{
			Text:     "Point the source_ref at the new path, and update the document for what moved with it.",
			Markdown: "Point the `source_refs` entry at the new path, and update the document for what moved with it.",
		},
	}},
}

func init() {
	for i := range sarifRules {
		sarifRules[i].rule.DefaultConfiguration = sarifRuleConfig{Level: "warning"}
		sarifRules[i].rule.Properties = sarifRuleProperty{Tags: []string{"documentation", "staleness"}}
	}
}

// WriteSARIF writes a SARIF 2.1.0 log with one result per changed ref at
// or above threshold, located at the ref's line in the document (URI relative to
// the git work tree top, as code scanning resolves it, or to the project
// root outside git), so GitHub code scanning annotates the document.
// Stale refs are warnings, possibly_stale ones notes. Warnings of the
// check become tool execution notifications.
func WriteSARIF(w io.Writer, r Report, threshold Level) error {
	rules := make([]sarifRule, len(sarifRules))
	ruleIndex := map[Reason]int{}
	for i, sr := range sarifRules {
		rules[i] = sr.rule
		ruleIndex[sr.reason] = i
	}
	run := sarifRun{
		Tool:        sarifTool{Driver: sarifDriver{Name: "ubp", Version: r.ToolVersion, InformationURI: "https://github.com/ubp-dev/ubp", Rules: rules}},
		Invocations: []sarifInvocation{{ExecutionSuccessful: true}},
		Results:     []sarifResult{},
		Properties: map[string]any{
			"baseline":      r.Baseline,
			"thresholdDays": r.ThresholdDays,
			"generatedAt":   r.GeneratedAt.UTC().Format(time.RFC3339),
			"pathsFrom":     r.PathsFrom,
		},
	}
	for _, wn := range r.Warnings {
		n := sarifNotification{Level: "warning", Message: sarifText{wn.Message}}
		if !projectWide(wn) {
			n.Locations = []sarifLocation{location(wn.File, wn.Line)}
		}
		run.Invocations[0].ToolExecutionNotifications = append(run.Invocations[0].ToolExecutionNotifications, n)
	}
	for _, d := range r.listed(threshold) {
		artifact := d.RepoPath
		if artifact == "" {
			artifact = d.Filepath
		}
		for _, ref := range d.Refs {
			if !ref.Changed() || !atOrAbove(ref.Level, threshold) {
				continue
			}
			idx, ok := ruleIndex[ref.Reason]
			if !ok {
				return fmt.Errorf("sarif: ref %q of %s has no reason", ref.Ref, d.Filepath)
			}
			level := "warning"
			if ref.Level == PossiblyStale {
				level = "note"
			}
			props := map[string]any{"staleness": ref.Level, "reason": ref.Reason, "sourceRef": ref.Ref}
			if ref.Commit != "" {
				props["commit"] = ref.Commit
			}
			if ref.Author != "" {
				props["author"] = ref.Author
			}
			if !ref.ChangedAt.IsZero() {
				props["changedAt"] = ref.ChangedAt.Format(time.RFC3339)
			}
			if ref.Uncommitted {
				props["uncommitted"] = true
			}
			if ref.Subject != "" {
				props["subject"] = ref.Subject
			}
			if ref.Commits > 0 {
				props["commitsSince"] = ref.Commits
			}
			run.Results = append(run.Results, sarifResult{
				RuleID:              sarifRules[idx].rule.ID,
				RuleIndex:           idx,
				Level:               level,
				Message:             sarifText{r.sarifMessage(ref)},
				Locations:           []sarifLocation{location(artifact, ref.Line)},
				PartialFingerprints: map[string]string{"ubpSourceRef/v1": refFingerprintID(artifact, ref)},
				Properties:          props,
			})
		}
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}

func location(file string, line int) sarifLocation {
	loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: uriPath(file), URIBaseID: "%SRCROOT%"}}}
	if line < 1 {
		line = 1
	}
	loc.PhysicalLocation.Region = &sarifRegion{StartLine: line}
	return loc
}

// uriPath percent-encodes each segment of a '/'-separated relative path,
// so spaces and non-ASCII names make a valid URI reference.
func uriPath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

// refFingerprintID identifies a finding across runs, so code scanning
// tracks one alert per document, ref and reason even as lines move.
func refFingerprintID(artifact string, ref RefResult) string {
	sum := sha256.Sum256([]byte(artifact + "\x00" + ref.Ref + "\x00" + string(ref.Reason)))
	return hex.EncodeToString(sum[:16])
}

func (r Report) sarifMessage(ref RefResult) string {
	when := ""
	if !ref.ChangedAt.IsZero() {
		when = fmt.Sprintf(" on %s (%s)", ref.ChangedAt.Format(time.DateOnly), age(r.GeneratedAt, ref.ChangedAt))
	}
	change := ""
	switch {
	case ref.Commit != "":
		change = "in commit " + shortHash(ref.Commit)
		if ref.Subject != "" {
			change += " " + strconv.Quote(oneLine(ref.Subject))
		}
		if ref.Author != "" {
			change += " by " + ref.Author
		}
		change += when
		if ref.Commits > 1 {
			change += fmt.Sprintf(" (%s)", commitsSince(ref.Commits))
		}
	case ref.Uncommitted:
		change = "in an uncommitted change" + when
	case when != "":
		change = "last modified" + when
	}
	switch ref.Reason {
	case Modified:
		msg := "source_ref " + ref.Ref + " changed after this document"
		if change != "" {
			msg += ", " + change
		}
		return msg + ". Update the document, or confirm it is still right with `reviewed: " + r.GeneratedAt.Format(time.DateOnly) + "` in its frontmatter."
	case Moved:
		msg := "source_ref " + ref.Ref + " was moved to " + ref.MovedTo + " after this document was written"
		if change != "" {
			msg += ", " + change
		}
		return msg + ". Point the ref at the new path and update the document."
	case Deleted:
		msg := "source_ref " + ref.Ref + " was deleted after this document was written"
		if change != "" {
			msg += ", " + change
		}
		return msg + ". Update the document and fix or remove the ref."
	}
	msg := "source_ref " + ref.Ref + " does not exist"
	if strings.Contains(ref.Ref, "#") {
		msg += ": no Go declaration has that name"
		if ref.Commit != "" {
			msg += " since the file changed " + change
		}
	}
	return msg + ". Fix the path or name (paths start at the project root), or remove the ref."
}
