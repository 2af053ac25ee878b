package answer

// SuggestOptions are the parameters of SuggestLinks.
type SuggestOptions struct {
	MinScore *float64 // 0..1; pairs below are not shown (0: every pair). nil means 0.75
	Limit    int      // 1..200; 0 means 20
}

// LinkSuggestion is a pair of similar, unlinked sections.
type LinkSuggestion struct {
	SourceFilepath string  `json:"source_filepath"`
	SourceHeading  string  `json:"source_heading"`
	SourceLine     int     `json:"source_line"`
	TargetFilepath string  `json:"target_filepath"`
	TargetHeading  string  `json:"target_heading"`
	TargetLine     int     `json:"target_line"`
	Score          float64 `json:"score"`
}
