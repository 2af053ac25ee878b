package answer

import "errors"

// Remedy is what the user can do about an error: an action on the project
// or its index. The engine names it; the front ends (the CLI, the MCP
// server) say it in their own words, such as the command to run.
type Remedy int

// The remedies. NoRemedy is the zero value: the error says all there is.
// A new remedy goes last, with its sentence in internal/advice (whose test
// walks them all up to RemedyWritable: move that bound along).
const (
	NoRemedy Remedy = iota
	// RemedyInit: the folder is no project yet; initialise it.
	RemedyInit
	// RemedyRewriteConfig: the configuration file is unusable as it is;
	// delete it and initialise the project again to write the defaults.
	RemedyRewriteConfig
	// RemedyIndex: the index was never built; build it.
	RemedyIndex
	// RemedyMigrate: the index's schema is older than this ubp's and a
	// read-only open cannot migrate it; run one indexing run, which does.
	RemedyMigrate
	// RemedyIndexAgain: the indexing run failed for a reason that may pass
	// (the embeddings server was busy, failed or changed); run it again.
	RemedyIndexAgain
	// RemedyRebuild: derived data in the index (the vector cells) is
	// damaged; an indexing run with --rebuild writes it again.
	RemedyRebuild
	// RemedyFullIndex: stored document data is damaged; a full re-index
	// (every file re-parsed) writes it again.
	RemedyFullIndex
	// RemedyDeleteIndex: the index file is damaged; delete it and build
	// the index again.
	RemedyDeleteIndex
	// RemedyUpgrade: the index was written by a newer ubp; upgrade ubp, or
	// delete the index file and build it again.
	RemedyUpgrade
	// RemedyWritable: the index file or its folder cannot be written by
	// this user (permissions, a read-only mount); make both writable, or
	// run ubp as the user who can write them.
	RemedyWritable
)

// RemedyError is an error with the remedy the user can apply. Its message
// says what failed, never what to do: the front end adds that.
type RemedyError struct {
	Err    error
	Remedy Remedy
}

func (e *RemedyError) Error() string { return e.Err.Error() }
func (e *RemedyError) Unwrap() error { return e.Err }

// WithRemedy wraps err with remedy r; a nil err stays nil.
func WithRemedy(err error, r Remedy) error {
	if err == nil {
		return nil
	}
	return &RemedyError{Err: err, Remedy: r}
}

// RemedyOf is the remedy of the outermost RemedyError in err's chain,
// NoRemedy when there is none.
func RemedyOf(err error) Remedy {
	var re *RemedyError
	if errors.As(err, &re) {
		return re.Remedy
	}
	return NoRemedy
}
