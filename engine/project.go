package engine

import "github.com/ubp-dev/ubp/engine/project"

// The project and its configuration, defined in engine/project, under
// their engine names.
type (
	// Project is a folder initialised with `ubp init`: it holds
	// .ubp/config.json and the index next to it.
	Project = project.Project
	// Config is .ubp/config.json.
	Config = project.Config
	// EmbeddingConfig chooses how sections are turned into vectors.
	EmbeddingConfig = project.EmbeddingConfig
	// OpenAIConfig configures an OpenAI-compatible embeddings endpoint.
	OpenAIConfig = project.OpenAIConfig
	// SearchConfig tunes hybrid search.
	SearchConfig = project.SearchConfig
	// StalenessConfig tunes staleness detection.
	StalenessConfig = project.StalenessConfig
	// ConfigError is a problem in a configuration: the file, the field and
	// what is wrong.
	ConfigError = project.ConfigError
)

// FindProject looks for .ubp/config.json in start and then in each parent
// folder, and loads the first one found.
func FindProject(start string) (*Project, error) { return project.Find(start) }

// InitProject makes root a project: it writes cfg to .ubp/config.json when
// that file does not exist yet, and never overwrites an existing one (it
// is loaded and returned with created=false).
func InitProject(root string, cfg Config) (p *Project, created bool, err error) {
	return project.Init(root, cfg)
}

// LoadConfig reads and validates a config file. Errors name the file and
// the field.
func LoadConfig(path string) (Config, error) { return project.LoadConfig(path) }

// DefaultConfig is the configuration `ubp init` writes, and the value of
// every field a config file leaves out.
func DefaultConfig() Config { return project.DefaultConfig() }
