package stale

import (
	"net/url"
	"regexp"
	"strings"
)

var githubRepoName = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

// commitURLBase derives the commit link prefix from a git remote URL when
// the remote is on github.com ("https://github.com/owner/repo/commit/"),
// else "". Accepted forms: https://, http://, ssh://, git:// and scp-like
// git@github.com:owner/repo, with or without ".git"; credentials in the
// URL are dropped.
func commitURLBase(remote string) string {
	remote = strings.TrimSpace(remote)
	var host, p string
	if u, err := url.Parse(remote); err == nil && u.Scheme != "" && u.Host != "" {
		switch u.Scheme {
		case "https", "http", "ssh", "git", "git+ssh", "ssh+git":
		default:
			return ""
		}
		host, p = u.Hostname(), u.Path
	} else if at := strings.Index(remote, "@"); at >= 0 && strings.Contains(remote[at:], ":") && !strings.Contains(remote, "://") {
		// scp-like: user@host:owner/repo.git
		rest := remote[at+1:]
		colon := strings.Index(rest, ":")
		host, p = rest[:colon], rest[colon+1:]
	} else {
		return ""
	}
	host = strings.ToLower(host)
	if host != "github.com" && host != "www.github.com" {
		return ""
	}
	p = strings.Trim(p, "/")
	p = strings.TrimSuffix(p, ".git")
	parts := strings.Split(p, "/")
	if len(parts) != 2 || !githubRepoName.MatchString(parts[0]) || !githubRepoName.MatchString(parts[1]) {
		return ""
	}
	return "https://github.com/" + parts[0] + "/" + parts[1] + "/commit/"
}
