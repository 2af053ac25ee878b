package project

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/index/pathglob"
	"github.com/ubp-dev/ubp/ranking"
)

// Config is .ubp/config.json. Fields absent from the file keep the values
// of DefaultConfig; unknown fields are errors.
type Config struct {
	// DocsDir is the docs folder, relative to the project root.
	DocsDir string `json:"docs_dir"`
	// Include and Exclude are globs relative to the docs folder (see
	// pathglob.Match).
	Include []string `json:"include"`
	Exclude []string `json:"exclude"`
	// MaxFileSize in bytes: larger Markdown files are skipped with a warning.
	MaxFileSize int64           `json:"max_file_size"`
	Embedding   EmbeddingConfig `json:"embedding"`
	Search      SearchConfig    `json:"search"`
	Staleness   StalenessConfig `json:"staleness"`
}

// EmbeddingConfig chooses how sections are turned into vectors: the
// "embedding" object of .ubp/config.json. It is the embed package's own
// configuration, so the two can never drift apart.
type EmbeddingConfig = embed.Config

// OpenAIConfig configures an OpenAI-compatible embeddings endpoint.
type OpenAIConfig = embed.OpenAIConfig

// SearchConfig tunes hybrid search.
type SearchConfig struct {
	// VectorWeight is the weight of vector similarity next to full text,
	// which leads with weight 1 (0..1; see package ranking).
	VectorWeight float64 `json:"vector_weight"`
	// GraphWeight is the weight of graph proximity, a boost for documents
	// full text or the vector found (0..1).
	GraphWeight float64 `json:"graph_weight"`
	// LatentWeight is the weight of the latent signal (a space learned
	// from the project's own sections), which only queries of at least
	// ranking.LatentMinConcepts concepts get (0..1; 0 turns it off).
	LatentWeight float64 `json:"latent_weight"`
	// Alpha is no longer used (it weighed the vector against the other
	// signals); still accepted (0..1) so older configuration files load.
	Alpha float64 `json:"alpha,omitempty"`
	// Fusion is "weighted" or "rrf".
	Fusion       string `json:"fusion"`
	RRFK         int    `json:"rrf_k"`
	DefaultLimit int    `json:"default_limit"`
	// Translate is "ja-en" (the default: Japanese query words also look for
	// their English glosses from the built-in glossary) or "off".
	Translate string `json:"translate"`
}

// StalenessConfig tunes staleness detection.
type StalenessConfig struct {
	// ThresholdDays: how long a changed ref may wait before its document
	// counts as stale rather than possibly stale.
	ThresholdDays int `json:"threshold_days"`
	// Baseline is "auto", "index" or "git".
	Baseline string `json:"baseline"`
}

// The accepted values of enumerated fields.
var (
	embeddingProviders = []string{"static", "openai", "none"}
	fusionModes        = []string{"weighted", "rrf"}
	translateModes     = []string{"ja-en", "off"}
	stalenessBaselines = []string{"auto", "index", "git"}
)

// DefaultConfig is the configuration `ubp init` writes, and the value of
// every field a config file leaves out.
func DefaultConfig() Config {
	return Config{
		DocsDir:     "docs",
		Include:     []string{},
		Exclude:     []string{},
		MaxFileSize: index.DefaultMaxFileSize,
		Embedding: EmbeddingConfig{
			Provider: "static",
			OpenAI: OpenAIConfig{ //nolint:gosec // G101 false positive: endpoint defaults, the key is read from the environment
				BaseURL:        "https://api.openai.com/v1",
				Model:          "text-embedding-3-small",
				APIKeyEnv:      "OPENAI_API_KEY",
				BatchSize:      64,
				TimeoutSeconds: 60,
			},
		},
		Search: SearchConfig{
			VectorWeight: ranking.DefaultWeights.Vector, GraphWeight: ranking.DefaultWeights.Graph,
			LatentWeight: ranking.DefaultWeights.Latent,
			Fusion:       "weighted", RRFK: 60, DefaultLimit: 10, Translate: "ja-en",
		},
		Staleness: StalenessConfig{ThresholdDays: 7, Baseline: "auto"},
	}
}

// MaxConfigProblems bounds the problems one ConfigError lists (itself and
// More); the rest are counted.
const MaxConfigProblems = 10

// ConfigError is a problem in a configuration: the file (when known), the
// line of the field in it (when known, from 1), the field as a dotted path
// ("search.alpha", "exclude[1]") and what is wrong. More holds the file's
// other problems, after this one in the order of their lines (those of no
// line last); Error lists them all, one a line, each naming file and line.
type ConfigError struct {
	File    string
	Line    int
	Field   string
	Message string
	More    []*ConfigError
}

func (e *ConfigError) Error() string {
	var b strings.Builder
	e.writeOne(&b, e.File)
	shown := min(len(e.More), MaxConfigProblems-1)
	for _, m := range e.More[:shown] {
		b.WriteByte('\n')
		file := m.File
		if file == "" {
			file = e.File
		}
		m.writeOne(&b, file)
	}
	if rest := len(e.More) - shown; rest > 0 {
		fmt.Fprintf(&b, "\nand %d more %s", rest, map[bool]string{true: "problem", false: "problems"}[rest == 1])
		if e.File != "" {
			b.WriteString(" in " + e.File)
		}
	}
	return b.String()
}

// writeOne writes this problem alone, in file.
func (e *ConfigError) writeOne(b *strings.Builder, file string) {
	switch {
	case file != "" && e.Line > 0:
		fmt.Fprintf(b, "%s:%d: ", file, e.Line)
	case file != "":
		b.WriteString(file)
		b.WriteString(": ")
	case e.Line > 0:
		fmt.Fprintf(b, "line %d: ", e.Line)
	}
	if e.Field != "" {
		fmt.Fprintf(b, "field %q: ", e.Field)
	}
	b.WriteString(e.Message)
}

// joinProblems is the first of problems, in the order of their lines
// (those of no line last, in the order found), with the others as its
// More; nil for none.
func joinProblems(problems []*ConfigError) error {
	if len(problems) == 0 {
		return nil
	}
	slices.SortStableFunc(problems, func(a, b *ConfigError) int { return index.CompareLines(a.Line, b.Line) })
	first := problems[0]
	first.More = problems[1:]
	return first
}

// LoadConfig reads and validates a config file. Errors name the file and
// the field.
func LoadConfig(path string) (Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("read config: %w", err)
	}
	cfg, err := parseConfig(data)
	if err != nil {
		var ce *ConfigError
		if errors.As(err, &ce) {
			ce.File = path
			if r := answer.RemedyOf(err); r != answer.NoRemedy {
				return Config{}, answer.WithRemedy(ce, r)
			}
			return Config{}, ce
		}
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return cfg, nil
}

// parseConfig decodes data over DefaultConfig and validates the result.
func parseConfig(data []byte) (Config, error) {
	cfg := DefaultConfig()
	if len(bytes.TrimSpace(data)) == 0 {
		return Config{}, answer.WithRemedy(&ConfigError{Message: "the file is empty; expected a JSON object"}, answer.RemedyRewriteConfig)
	}
	lines, err := scanKeys(data)
	if err != nil {
		return Config{}, err
	}
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return Config{}, &ConfigError{Message: "must be a JSON object, not null"}
	}
	// Every problem is found, then reported in the order of the lines.
	var problems []*ConfigError
	if err := json.Unmarshal(data, &cfg); err != nil {
		ce := decodeError(data, err)
		if ce.Field == "" {
			return Config{}, ce // the file as a whole: nothing else can be read
		}
		// A value of the wrong type keeps its default; the rest decoded.
		problems = append(problems, ce)
	}
	problems = append(problems, knownFieldProblems(data, reflect.TypeOf(cfg), "")...)
	problems = append(problems, cfg.problems()...)
	for _, p := range problems {
		lines.at(p)
	}
	if err := joinProblems(problems); err != nil {
		return Config{}, err
	}
	if cfg.Include == nil {
		cfg.Include = []string{}
	}
	if cfg.Exclude == nil {
		cfg.Exclude = []string{}
	}
	return cfg, nil
}

// decodeError turns an encoding/json error into a ConfigError naming the
// field, or the line and column of a syntax error.
func decodeError(data []byte, err error) *ConfigError {
	if strings.Contains(err.Error(), "unexpected end of JSON input") {
		return &ConfigError{Message: "invalid JSON: the file ends before the object is closed"}
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// Offset counts the bytes read, the offending one included.
		line, col := lineCol(data, se.Offset-1)
		return &ConfigError{Message: fmt.Sprintf("invalid JSON at line %d, column %d: %v", line, col, se)}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			return &ConfigError{Message: fmt.Sprintf("must be a JSON object, not %s", te.Value)}
		}
		return &ConfigError{Field: field, Message: fmt.Sprintf("must be %s, not %s", kindWords(te.Type), te.Value)}
	}
	return &ConfigError{Message: "invalid JSON: " + err.Error()}
}

func lineCol(data []byte, off int64) (line, col int) {
	off = max(0, min(off, int64(len(data))))
	line, col = 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

func kindWords(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return t.String()
}

// knownFieldProblems reports every key of data (an object matching struct
// type t) that t does not declare, with its dotted path. Names must match
// exactly (encoding/json alone would accept any letter case). A null
// value is a problem too, except for a list (the empty list):
// encoding/json skips it, so until 2026-11-28 "docs_dir": null or
// "search": null kept the default without a word, and a null glob was
// called an empty one.
func knownFieldProblems(data []byte, t reflect.Type, prefix string) []*ConfigError {
	if t.Kind() != reflect.Struct {
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil || m == nil {
		return nil // not an object (null): the typed decode already judged it
	}
	known := map[string]reflect.Type{}
	var names []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		known[name] = f.Type
		names = append(names, name)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []*ConfigError
	for _, k := range keys {
		ft, ok := known[k]
		if !ok {
			out = append(out, &ConfigError{Field: prefix + k, Message: "unknown field; correct its name or remove it (known fields here: " + strings.Join(names, ", ") + ")"})
			continue
		}
		if err := checkNull(m[k], ft, prefix+k); err != nil {
			out = append(out, err)
			continue
		}
		out = append(out, knownFieldProblems(m[k], ft, prefix+k+".")...)
	}
	return out
}

// checkNull reports a null value of field (of type t), or a null entry of
// a list of strings, as the wrong type.
func checkNull(raw json.RawMessage, t reflect.Type, field string) *ConfigError {
	isNull := func(b []byte) bool { return bytes.Equal(bytes.TrimSpace(b), []byte("null")) }
	if t.Kind() != reflect.Slice {
		if isNull(raw) {
			return &ConfigError{Field: field, Message: fmt.Sprintf("must be %s, not null (leave the field out for its default)", kindWords(t))}
		}
		return nil
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		return nil //nolint:nilerr // not a list: the typed decode already judged it
	}
	for i, e := range entries {
		if isNull(e) {
			return &ConfigError{Field: fmt.Sprintf("%s[%d]", field, i), Message: fmt.Sprintf("must be %s, not null", kindWords(t.Elem()))}
		}
	}
	return nil
}

// Validate checks every field and returns a *ConfigError naming the first
// invalid one, the others as its More.
func (c Config) Validate() error {
	return joinProblems(c.problems())
}

// problems checks every field and returns one *ConfigError per invalid
// one, in the order of the fields.
func (c Config) problems() []*ConfigError {
	var out []*ConfigError
	bad := func(field, format string, args ...any) {
		out = append(out, &ConfigError{Field: field, Message: fmt.Sprintf(format, args...)})
	}
	if strings.TrimSpace(c.DocsDir) == "" {
		bad("docs_dir", "must not be empty (use \".\" for the project root)")
	}
	if first := strings.Split(filepath.ToSlash(filepath.Clean(c.DocsDir)), "/")[0]; first == dataDirName {
		bad("docs_dir", "must not be inside %s, which holds ubp's own data", dataDirName)
	}
	for i, g := range c.Include {
		if err := pathglob.Check(g); err != nil {
			bad(fmt.Sprintf("include[%d]", i), "%v", err)
		}
	}
	for i, g := range c.Exclude {
		if err := pathglob.Check(g); err != nil {
			bad(fmt.Sprintf("exclude[%d]", i), "%v", err)
		}
	}
	if c.MaxFileSize <= 0 {
		bad("max_file_size", "must be a positive number of bytes (default %d)", index.DefaultMaxFileSize)
	}
	if !oneOf(c.Embedding.Provider, embeddingProviders) {
		bad("embedding.provider", "must be one of %s, not %q", strings.Join(embeddingProviders, ", "), c.Embedding.Provider)
	}
	if c.Embedding.Provider == "openai" {
		o := c.Embedding.OpenAI
		u, err := url.Parse(o.BaseURL)
		if o.BaseURL == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("embedding.openai.base_url", "must be an http(s) URL such as http://localhost:11434/v1, not %q", o.BaseURL)
		}
		if strings.TrimSpace(o.Model) == "" {
			bad("embedding.openai.model", "must name the embedding model")
		}
		if o.Dimensions < 0 {
			bad("embedding.openai.dimensions", "must be 0 (the model's own) or positive")
		}
		if o.BatchSize < 1 || o.BatchSize > 2048 {
			bad("embedding.openai.batch_size", "must be between 1 and 2048")
		}
		if o.TimeoutSeconds < 1 {
			bad("embedding.openai.timeout_seconds", "must be at least 1")
		}
	}
	if c.Search.Alpha < 0 || c.Search.Alpha > 1 {
		bad("search.alpha", "must be between 0 and 1")
	}
	if c.Search.VectorWeight < 0 || c.Search.VectorWeight > 1 {
		bad("search.vector_weight", "must be between 0 and 1")
	}
	if c.Search.GraphWeight < 0 || c.Search.GraphWeight > 1 {
		bad("search.graph_weight", "must be between 0 and 1")
	}
	if c.Search.LatentWeight < 0 || c.Search.LatentWeight > 1 {
		bad("search.latent_weight", "must be between 0 and 1")
	}
	if !oneOf(c.Search.Fusion, fusionModes) {
		bad("search.fusion", "must be one of %s, not %q", strings.Join(fusionModes, ", "), c.Search.Fusion)
	}
	if !oneOf(c.Search.Translate, translateModes) {
		bad("search.translate", "must be one of %s, not %q", strings.Join(translateModes, ", "), c.Search.Translate)
	}
	if c.Search.RRFK < 1 {
		bad("search.rrf_k", "must be at least 1")
	}
	if c.Search.DefaultLimit < 1 || c.Search.DefaultLimit > 50 {
		bad("search.default_limit", "must be between 1 and 50")
	}
	if c.Staleness.ThresholdDays < 1 {
		bad("staleness.threshold_days", "must be 1 or more")
	}
	if !oneOf(c.Staleness.Baseline, stalenessBaselines) {
		bad("staleness.baseline", "must be one of %s, not %q", strings.Join(stalenessBaselines, ", "), c.Staleness.Baseline)
	}
	return out
}

func oneOf(s string, allowed []string) bool {
	for _, a := range allowed {
		if s == a {
			return true
		}
	}
	return false
}

// marshal renders the config as written to .ubp/config.json.
func (c Config) marshal() ([]byte, error) {
	if c.Include == nil {
		c.Include = []string{}
	}
	if c.Exclude == nil {
		c.Exclude = []string{}
	}
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode config: %w", err)
	}
	return append(b, '\n'), nil
}
