package stale

import "testing"

func TestCommitURLBase(t *testing.T) {
	const want = "https://github.com/ubp-dev/ubp/commit/"
	tests := map[string]string{
		"https://github.com/ubp-dev/ubp.git":                       want,
		"https://github.com/ubp-dev/ubp":                           want,
		"https://github.com/ubp-dev/ubp/":                          want,
		"http://github.com/ubp-dev/ubp.git":                        want,
		"https://x-access-token:secret@github.com/ubp-dev/ubp.git": want, // credentials dropped
		"git@github.com:ubp-dev/ubp.git":                           want,
		"git@github.com:ubp-dev/ubp":                               want,
		"ssh://git@github.com/ubp-dev/ubp.git":                     want,
		"ssh://git@github.com:22/ubp-dev/ubp.git":                  want,
		"git://github.com/ubp-dev/ubp.git":                         want,
		"https://GitHub.com/ubp-dev/ubp.git":                       want,
		"  https://github.com/ubp-dev/ubp.git\n":                   want,
		"https://gitlab.com/ubp-dev/ubp.git":                       "",
		"git@gitlab.com:ubp-dev/ubp.git":                           "",
		"https://github.com.evil.example/ubp-dev/ubp.git":          "",
		"https://github.com/ubp-dev":                               "",
		"https://github.com/ubp-dev/ubp/extra":                     "",
		"https://github.com/ubp dev/ubp":                           "",
		"file:///srv/repos/ubp.git":                                "",
		"/srv/repos/ubp.git":                                       "",
		"../ubp":                                                   "",
		"":                                                         "",
	}
	for in, w := range tests {
		t.Run(in, func(t *testing.T) {
			if got := commitURLBase(in); got != w {
				t.Errorf("commitURLBase(%q) = %q, want %q", in, got, w)
			}
		})
	}
}
