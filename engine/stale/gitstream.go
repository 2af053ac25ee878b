package stale

import (
	"bytes"
	"context"
	"fmt"
	"io"
)

// gitStream is one run of git whose standard output is read as it comes.
type gitStream struct {
	args   []string
	stderr bytes.Buffer
}

// streamGit runs git with args in g's work tree (stdin, when not nil, as
// its input) and hands its standard output to read while it runs. When
// read fails, git is stopped; what it still writes is drained, and git is
// waited for. It returns read's error and git's exit error apart, with
// what git wrote on stderr in s, so that each caller says which failed
// and may accept an exit it caused itself (a reader that stops git once
// it has what it needs). A git that cannot be started is an error of its
// own, named after args[0].
func streamGit(ctx context.Context, g *gitRepo, args []string, stdin io.Reader, read func(io.Reader) error) (s *gitStream, readErr, exitErr error, err error) {
	s = &gitStream{args: args}
	cmd := gitCommand(ctx, g.root, args...)
	if stdin != nil {
		cmd.Stdin = stdin
	}
	cmd.Stderr = &s.stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, nil, fmt.Errorf("git %s: %w", args[0], err)
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, nil, fmt.Errorf("git %s: %w", args[0], err)
	}
	readErr = read(out)
	if readErr != nil {
		_ = cmd.Process.Kill()
	}
	_, _ = io.Copy(io.Discard, out)
	return s, readErr, cmd.Wait(), nil
}

// failed is the error of a git run that exited with err: the command and
// what it wrote on stderr.
func (s *gitStream) failed(err error) error {
	return gitError(s.args, err, s.stderr.Bytes())
}
