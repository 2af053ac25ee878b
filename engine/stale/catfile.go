package stale

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
)

// catFile reads file contents at commits through one long-running
// `git cat-file --batch`, instead of one `git show` per file. It lives
// for one check, and keeps what it read, and the Go declarations parsed
// from it, until then.
type catFile struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Reader
	cache map[string]catResult
	// decls are the Go files parsed, by blob (the object id git names
	// the file's content by): a file is parsed once, however many refs
	// read it and however its commit is written (see readDecl).
	decls map[string]fileDecls
}

type catResult struct {
	data  []byte
	oid   string // the blob's object id
	found bool
}

func startCatFile(ctx context.Context, g *gitRepo) (*catFile, error) {
	cmd := gitCommand(ctx, g.root, "cat-file", "--batch")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	return &catFile{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 64<<10), cache: map[string]catResult{}, decls: map[string]fileDecls{}}, nil
}

// show returns the content of repoPath (relative to the work tree top) at
// commit hash; found is false when the path did not exist there.
func (c *catFile) show(hash, repoPath string) ([]byte, bool, error) {
	r, err := c.blob(hash, repoPath)
	return r.data, r.found, err
}

// blob is show with the blob's object id: the same file at one commit
// has the same id however the commit is written (a hash, X^, HEAD).
func (c *catFile) blob(hash, repoPath string) (catResult, error) {
	if strings.ContainsAny(repoPath, "\n\r") {
		return catResult{}, fmt.Errorf("git cat-file: path %q holds a line break", repoPath)
	}
	rev := hash + ":" + repoPath
	if r, ok := c.cache[rev]; ok {
		return r, nil
	}
	if _, err := io.WriteString(c.in, rev+"\n"); err != nil {
		return catResult{}, fmt.Errorf("git cat-file: write request: %w", err)
	}
	header, err := c.out.ReadString('\n')
	if err != nil {
		return catResult{}, fmt.Errorf("git cat-file: read answer for %s: %w", rev, err)
	}
	header = strings.TrimSuffix(header, "\n")
	if strings.HasSuffix(header, " missing") || strings.HasSuffix(header, " ambiguous") {
		c.cache[rev] = catResult{}
		return catResult{}, nil
	}
	// "<oid> <type> <size>"
	f := strings.Fields(header)
	if len(f) != 3 {
		return catResult{}, fmt.Errorf("git cat-file: unexpected answer %q for %s", header, rev)
	}
	size, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil || size < 0 {
		return catResult{}, fmt.Errorf("git cat-file: unexpected size in %q", header)
	}
	data := make([]byte, size+1) // content and a trailing newline
	if _, err := io.ReadFull(c.out, data); err != nil {
		return catResult{}, fmt.Errorf("git cat-file: read %s: %w", rev, err)
	}
	data = data[:size]
	found := f[1] == "blob"
	if !found {
		data = nil
	}
	r := catResult{data: data, oid: f[0], found: found}
	c.cache[rev] = r
	return r, nil
}

func (c *catFile) close() {
	if c == nil {
		return
	}
	_ = c.in.Close()
	_ = c.cmd.Wait()
	c.cache, c.decls = nil, nil
}
