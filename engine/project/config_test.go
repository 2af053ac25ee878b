package project

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestDefaultConfigIsValidAndRoundTrips(t *testing.T) {
	cfg := DefaultConfig()
	if err := cfg.Validate(); err != nil {
		t.Fatalf("DefaultConfig invalid: %v", err)
	}
	want := map[string]any{"docs_dir": "docs", "vector_weight": 0.1, "graph_weight": 0.1, "fusion": "weighted", "rrf_k": 60,
		"default_limit": 10, "threshold_days": 7, "baseline": "auto", "provider": "static"}
	got := map[string]any{"docs_dir": cfg.DocsDir, "vector_weight": cfg.Search.VectorWeight, "graph_weight": cfg.Search.GraphWeight, "fusion": cfg.Search.Fusion,
		"rrf_k": cfg.Search.RRFK, "default_limit": cfg.Search.DefaultLimit, "threshold_days": cfg.Staleness.ThresholdDays,
		"baseline": cfg.Staleness.Baseline, "provider": cfg.Embedding.Provider}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("defaults = %v, want %v", got, want)
	}
	data, err := cfg.marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := parseConfig(data)
	if err != nil {
		t.Fatalf("re-parse written config: %v\n%s", err, data)
	}
	if !reflect.DeepEqual(back, cfg) {
		t.Errorf("round trip changed the config:\n got %+v\nwant %+v", back, cfg)
	}
	if !strings.Contains(string(data), `"include": []`) {
		t.Errorf("include should be written as [], got:\n%s", data)
	}
	if strings.Contains(string(data), `"alpha"`) {
		t.Errorf("the retired search.alpha must not be written, got:\n%s", data)
	}
}

func TestLoadConfigKeepsDefaultsForAbsentFields(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.json")
	if err := os.WriteFile(path, []byte(`{"docs_dir": ".", "search": {"alpha": 0.5},
		"embedding": {"provider": "openai", "openai": {"base_url": "http://localhost:11434/v1", "model": "bge-m3", "dimensions": 1024, "api_key_env": ""}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	def := DefaultConfig()
	if cfg.DocsDir != "." || cfg.Search.Alpha != 0.5 {
		t.Errorf("set fields not applied: %+v", cfg)
	}
	// An older file with alpha still loads, and the weights keep their defaults.
	if cfg.Search.VectorWeight != def.Search.VectorWeight || cfg.Search.GraphWeight != def.Search.GraphWeight {
		t.Errorf("weights changed by alpha: %+v", cfg.Search)
	}
	if cfg.Search.Fusion != def.Search.Fusion || cfg.Search.RRFK != def.Search.RRFK || cfg.Staleness != def.Staleness ||
		cfg.MaxFileSize != def.MaxFileSize {
		t.Errorf("absent fields lost their defaults: %+v", cfg)
	}
	o := cfg.Embedding.OpenAI
	if o.Model != "bge-m3" || o.Dimensions != 1024 || o.APIKeyEnv != "" || o.BatchSize != def.Embedding.OpenAI.BatchSize {
		t.Errorf("openai block = %+v", o)
	}
	if cfg.Include == nil || cfg.Exclude == nil {
		t.Errorf("include/exclude should be empty lists, not nil")
	}
}

func TestLoadConfigErrorsNameFileAndField(t *testing.T) {
	cases := []struct {
		name    string
		json    string
		field   string // "" when the error is about the file as a whole
		message string
	}{
		{"alpha too big", `{"search": {"alpha": 1.5}}`, "search.alpha", "must be between 0 and 1"},
		{"vector weight too big", `{"search": {"vector_weight": 2}}`, "search.vector_weight", "must be between 0 and 1"},
		{"latent weight below 0", `{"search": {"latent_weight": -0.1}}`, "search.latent_weight", "must be between 0 and 1"},
		{"graph weight negative", `{"search": {"graph_weight": -1}}`, "search.graph_weight", "must be between 0 and 1"},
		{"alpha negative", `{"search": {"alpha": -0.1}}`, "search.alpha", "must be between 0 and 1"},
		{"alpha a string", `{"search": {"alpha": "high"}}`, "search.alpha", "must be a number, not string"},
		{"unknown top-level", `{"docs_dir": "docs", "doc_dir": "x"}`, "doc_dir", "unknown field"},
		{"unknown nested", `{"search": {"alfa": 0.5}}`, "search.alfa", "unknown field"},
		{"wrong letter case", `{"Docs_Dir": "docs"}`, "Docs_Dir", "unknown field"},
		{"unknown deep", `{"embedding": {"openai": {"key": "x"}}}`, "embedding.openai.key", "unknown field"},
		{"fusion", `{"search": {"fusion": "max"}}`, "search.fusion", `must be one of weighted, rrf, not "max"`},
		{"translate", `{"search": {"translate": "fr-en"}}`, "search.translate", `must be one of ja-en, off, not "fr-en"`},
		{"rrf_k", `{"search": {"rrf_k": 0}}`, "search.rrf_k", "at least 1"},
		{"default_limit", `{"search": {"default_limit": 51}}`, "search.default_limit", "between 1 and 50"},
		{"provider", `{"embedding": {"provider": "bert"}}`, "embedding.provider", "must be one of static, openai, none"},
		{"openai without url", `{"embedding": {"provider": "openai", "openai": {"base_url": ""}}}`, "embedding.openai.base_url", "http(s) URL"},
		{"openai bad url", `{"embedding": {"provider": "openai", "openai": {"base_url": "localhost:11434"}}}`, "embedding.openai.base_url", "http(s) URL"},
		{"openai model", `{"embedding": {"provider": "openai", "openai": {"model": " "}}}`, "embedding.openai.model", "must name"},
		{"openai batch", `{"embedding": {"provider": "openai", "openai": {"batch_size": 0}}}`, "embedding.openai.batch_size", "between 1 and 2048"},
		{"threshold", `{"staleness": {"threshold_days": -1}}`, "staleness.threshold_days", "1 or more"},
		{"threshold zero", `{"staleness": {"threshold_days": 0}}`, "staleness.threshold_days", "1 or more"},
		{"baseline", `{"staleness": {"baseline": "svn"}}`, "staleness.baseline", "auto, index, git"},
		{"docs_dir empty", `{"docs_dir": ""}`, "docs_dir", "must not be empty"},
		{"docs_dir in .ubp", `{"docs_dir": ".ubp/x"}`, "docs_dir", "must not be inside .ubp"},
		{"bad exclude glob", `{"exclude": ["ok/**", "bad[/x"]}`, "exclude[1]", "malformed"},
		{"empty include glob", `{"include": [""]}`, "include[0]", "empty"},
		{"max_file_size", `{"max_file_size": 0}`, "max_file_size", "positive"},
		{"include not a list", `{"include": "docs/**"}`, "include", "must be a list, not string"},
		{"float for int", `{"search": {"rrf_k": 1.5}}`, "search.rrf_k", "must be a whole number"},
		{"syntax error", "{\n  \"docs_dir\": \"docs\",\n  \"search\": {alpha: 1}\n}", "", "invalid JSON at line 3, column 14"},
		{"truncated", `{"docs_dir": "docs"`, "", "ends before the object is closed"},
		{"empty file", "  \n", "", "the file is empty"},
		{"not an object", `[1, 2]`, "", "must be a JSON object"},
		{"null file", `null`, "", "must be a JSON object, not null"},
		{"docs_dir null", `{"docs_dir": null}`, "docs_dir", "must be a string, not null"},
		{"max_file_size null", `{"max_file_size": null}`, "max_file_size", "must be a whole number, not null"},
		{"search null", `{"search": null}`, "search", "must be an object, not null"},
		{"nested null", `{"search": {"fusion": null}}`, "search.fusion", "must be a string, not null"},
		{"exclude entry null", `{"exclude": ["a/**", null]}`, "exclude[1]", "must be a string, not null"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path, err := loadBadConfig(t, dir, c.name, c.json)
			msg := err.Error()
			if !strings.HasPrefix(msg, path+":") {
				t.Errorf("error does not start with the file name: %s", msg)
			}
			if c.field != "" && !strings.Contains(msg, `field "`+c.field+`"`) {
				t.Errorf("error does not name field %q: %s", c.field, msg)
			}
			if !strings.Contains(msg, c.message) {
				t.Errorf("error %q does not contain %q", msg, c.message)
			}
			var ce *ConfigError
			if !errors.As(err, &ce) || ce.Field != c.field {
				t.Errorf("want *ConfigError with Field %q, got %#v", c.field, err)
			}
		})
	}
}

func TestLoadConfigMissingFile(t *testing.T) {
	_, err := LoadConfig(filepath.Join(t.TempDir(), "nope.json"))
	if err == nil || !strings.Contains(err.Error(), "nope.json") {
		t.Fatalf("want an error naming the missing file, got %v", err)
	}
}

func TestConfigJSONFieldNames(t *testing.T) {
	// The file format is an interface: these names are documented.
	data, err := DefaultConfig().marshal()
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"docs_dir", "include", "exclude", "max_file_size", "embedding", "search", "staleness"} {
		if _, ok := m[k]; !ok {
			t.Errorf("written config lacks %q:\n%s", k, data)
		}
	}
	for _, k := range []string{`"base_url"`, `"api_key_env"`, `"batch_size"`, `"timeout_seconds"`, `"rrf_k"`, `"default_limit"`, `"threshold_days"`} {
		if !strings.Contains(string(data), k) {
			t.Errorf("written config lacks %s", k)
		}
	}
}

// FuzzParseConfig: any bytes give a valid config or a *ConfigError, never
// a panic.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte(`{"docs_dir": "docs", "search": {"alpha": 0.5}}`))
	f.Add([]byte(`{"exclude": ["a/**", "[x"]}`))
	f.Add([]byte(`{"embedding": {"provider": "openai", "openai": {"base_url": "http://x"}}}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"search": null, "include": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := parseConfig(data)
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error is not a *ConfigError: %T %v", err, err)
			}
			return
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("parseConfig accepted an invalid config: %v", err)
		}
	})
}

// TestConfigErrorsNameTheLine: a key given twice is an error (it was
// accepted, the last one winning without a word), and every error about a
// key says on which line of the file it stands: unknown keys, wrong types,
// invalid values, list entries.
// TestConfigNullListIsEmpty: null for include or exclude is the empty
// list, their default; null anywhere else is an error (above).
func TestConfigNullListIsEmpty(t *testing.T) {
	cfg, err := parseConfig([]byte(`{"docs_dir": "docs", "include": null, "exclude": null}`))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Include == nil || len(cfg.Include) != 0 || cfg.Exclude == nil || len(cfg.Exclude) != 0 {
		t.Errorf("include %#v, exclude %#v: want empty lists", cfg.Include, cfg.Exclude)
	}
}

func TestConfigErrorsNameTheLine(t *testing.T) {
	cases := []struct {
		name    string
		json    string
		field   string
		line    int
		message string
	}{
		{"duplicate top-level", "{\n  \"docs_dir\": \"docs\",\n  \"docs_dir\": \"other\"\n}", "docs_dir", 3, "given twice (first on line 2)"},
		{"duplicate nested", "{\n  \"search\": {\n    \"fusion\": \"rrf\",\n    \"rrf_k\": 60,\n    \"fusion\": \"weighted\"\n  }\n}", "search.fusion", 5, "given twice (first on line 3)"},
		{"duplicate object", "{\n  \"search\": {},\n  \"staleness\": {},\n  \"search\": {\"rrf_k\": 3}\n}", "search", 4, "given twice (first on line 2)"},
		{"duplicate in a list's object", "{\n  \"include\": [],\n  \"embedding\": {\"openai\": {\"model\": \"a\",\n \"model\": \"b\"}}\n}", "embedding.openai.model", 4, "first on line 3"},
		{"unknown key", "{\n  \"docs_dir\": \"docs\",\n  \"doc_dir\": \"x\"\n}", "doc_dir", 3, "unknown field"},
		{"unknown nested key", "{\n  \"search\": {\n    \"alfa\": 1\n  }\n}", "search.alfa", 3, "unknown field"},
		{"wrong type", "{\n  \"docs_dir\": \"docs\",\n\n  \"max_file_size\": \"big\"\n}", "max_file_size", 4, "must be a whole number, not string"},
		{"wrong nested type", "{\n  \"search\": {\n    \"rrf_k\": true\n  }\n}", "search.rrf_k", 3, "must be a whole number"},
		{"invalid value", "{\n  \"search\": {\n    \"fusion\": \"max\"\n  }\n}", "search.fusion", 3, "must be one of"},
		{"list entry", "{\n  \"exclude\": [\n    \"ok/**\",\n    \"bad[/x\"\n  ]\n}", "exclude[1]", 4, "malformed"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path, err := loadBadConfig(t, dir, c.name, c.json)
			msg := err.Error()
			if want := fmt.Sprintf("%s:%d: field %q: ", path, c.line, c.field); !strings.HasPrefix(msg, want) {
				t.Errorf("error %q does not start with %q", msg, want)
			}
			if !strings.Contains(msg, c.message) {
				t.Errorf("error %q does not contain %q", msg, c.message)
			}
			var ce *ConfigError
			if !errors.As(err, &ce) || ce.Field != c.field || ce.Line != c.line {
				t.Errorf("want *ConfigError with Field %q, Line %d; got %#v", c.field, c.line, err)
			}
		})
	}
}

// loadBadConfig writes text as a config file named after name in dir and
// returns its path and the error LoadConfig gives; it fails the test when
// LoadConfig accepts it.
func loadBadConfig(t *testing.T, dir, name, text string) (string, error) {
	t.Helper()
	path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".json")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadConfig(path)
	if err == nil {
		t.Fatalf("LoadConfig accepted %s", text)
	}
	return path, err
}

// TestConfigErrorsInLineOrder: a file with several problems reports each,
// in the order of their lines, every one as file:line: field. Only the
// first in key order was reported (unknown keys sorted by name, then the
// values in the order Validate checks them), so fixing a file took a run
// per problem, from the middle of the file to its top and back.
func TestConfigErrorsInLineOrder(t *testing.T) {
	text := `{
  "docs_dir": "docs",
  "max_file_size": -1,
  "zeta": 1,
  "include": [],
  "exclude": ["ok/**", "bad[/x"],
  "search": {
    "fusion": "max",
    "alpha_x": 2,
    "rrf_k": 60
  },
  "staleness": {
    "threshold_days": 0,
    "baseline": null
  },
  "aardvark": true
}
`
	path, err := loadBadConfig(t, t.TempDir(), "several", text)
	want := []string{
		path + `:3: field "max_file_size": must be a positive number of bytes`,
		path + `:4: field "zeta": unknown field`,
		path + `:6: field "exclude[1]": `,
		path + `:8: field "search.fusion": must be one of weighted, rrf, not "max"`,
		path + `:9: field "search.alpha_x": unknown field`,
		path + `:13: field "staleness.threshold_days": must be 1 or more`,
		path + `:14: field "staleness.baseline": must be a string, not null`,
		path + `:16: field "aardvark": unknown field`,
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), err)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q\nwant it to start with %q", i+1, lines[i], w)
		}
	}
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Line != 3 || ce.Field != "max_file_size" {
		t.Errorf("errors.As gives %#v; want the first problem by line (max_file_size, line 3)", ce)
	}
}

// TestConfigErrorsBounded: a file with very many problems lists the first
// MaxConfigProblems by line, then how many more.
func TestConfigErrorsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n")
	n := MaxConfigProblems + 7
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  \"unknown%02d\": 1,\n", i)
	}
	b.WriteString("  \"docs_dir\": \"docs\"\n}\n")
	path, err := loadBadConfig(t, t.TempDir(), "many", b.String())
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != MaxConfigProblems+1 {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), MaxConfigProblems+1, err)
	}
	if want := path + `:2: field "unknown00"`; !strings.HasPrefix(lines[0], want) {
		t.Errorf("first line %q, want it to start with %q", lines[0], want)
	}
	if want := "and 7 more problems in " + path; lines[len(lines)-1] != want {
		t.Errorf("last line %q, want %q", lines[len(lines)-1], want)
	}
}
