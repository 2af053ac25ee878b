package main

import (
	"errors"
	"fmt"
	"net"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/ubp-dev/ubp/engine"
)

// intBound is the accepted range of an integer flag given on the command
// line. The rule is the same for every command: a flag left out takes its
// default (shown in --help); a value given must lie in the range, so
// `search --limit 0` is an error, not a silent default.
type intBound struct {
	min, max int
	note     string // what to do instead, for values that mean something elsewhere
}

// intBounds holds the ranges per command and flag.
var intBounds = map[string]map[string]intBound{
	"search":        {"limit": {1, engine.MaxSearchLimit, "leave --limit out for search.default_limit"}, "depth": {1, engine.MaxSearchDepth, ""}},
	"get-context":   {"depth": {1, engine.MaxSearchDepth, ""}, "max-size": {engine.MinContextSize, engine.MaxContextSize, ""}},
	"get-graph":     {"depth": {1, engine.MaxGraphDepth, ""}, "limit": {0, 1 << 30, "0 draws every document"}, "offset": {0, 1 << 30, ""}},
	"suggest-links": {"limit": {1, engine.MaxSuggestLimit, ""}},
	"list-pages":    {"limit": {0, 1 << 30, "0 lists every page"}, "offset": {0, 1 << 30, ""}},
}

// checkFlagBounds rejects integer flags given outside their range, naming
// the accepted range.
func checkFlagBounds(cmd *cobra.Command) error {
	bounds := intBounds[cmd.Name()]
	var err error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		b, ok := bounds[f.Name]
		if !ok || err != nil {
			return
		}
		v, perr := strconv.Atoi(f.Value.String())
		if perr != nil || (v >= b.min && v <= b.max) {
			return
		}
		rng := fmt.Sprintf("%d to %d", b.min, b.max)
		if b.max == 1<<30 && v < b.min {
			// No practical bound: the one the value broke is the least.
			rng = fmt.Sprintf("%d or more", b.min)
		}
		msg := fmt.Sprintf("--%s %d: out of range, use %s", f.Name, v, rng)
		if b.note != "" {
			msg += " (" + b.note + ")"
		}
		err = usagef("%s", msg)
	})
	return err
}

// emptyAllowed are the flags whose empty value means something of its own:
// -C "" stays in the current folder (as git -C "" does), and an empty
// category list of serve overrides the environment variable.
var emptyAllowed = map[string]bool{"directory": true, "include-categories": true, "exclude-categories": true}

// checkEmptyFlags rejects a flag given with an empty value, or a list flag
// with an empty entry: --center "$PAGE" with PAGE unset was taken as no
// --center at all (the whole graph), --output "" as stdout, serve --http ""
// as stdio, without a word.
func checkEmptyFlags(cmd *cobra.Command) error {
	var err error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if err != nil || emptyAllowed[f.Name] || f.Value.Type() == "bool" {
			return
		}
		value, empty := f.Value.String(), false
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			items := sv.GetSlice()
			value, empty = strings.Join(items, ","), len(items) == 0
			for _, it := range items {
				empty = empty || strings.TrimSpace(it) == ""
			}
		} else {
			empty = strings.TrimSpace(value) == ""
		}
		if !empty {
			return
		}
		what := "an empty value"
		if value != "" && strings.TrimSpace(value) != "" {
			what = "an empty entry"
		}
		ue := usageError{err: fmt.Errorf("--%s %q: %s", f.Name, value, what)}
		ue.hint = "give a value, or leave --" + f.Name + " out"
		if f.DefValue != "" && f.DefValue != "[]" {
			ue.hint += " for its default (" + f.DefValue + ")"
		}
		ue.hint += "; see `" + cmd.CommandPath() + " --help`"
		err = ue
	})
	return err
}

// checkFormatConflict makes --json with a --format other than json a usage
// error instead of a silent override.
func (a *app) checkFormatConflict(cmd *cobra.Command) error {
	f := cmd.Flags().Lookup("format")
	if !a.jsonOut || f == nil || !f.Changed || f.Value.String() == "json" {
		return nil
	}
	return usagef("--json and --format %s conflict: use one of them", f.Value.String())
}

// rePflagValue matches pflag's message for a flag value it cannot parse:
// invalid argument "abc" for "--limit" flag: strconv.ParseInt: ...
var rePflagValue = regexp.MustCompile(`^invalid argument "(.*)" for "(?:-\w, )?(--[\w-]+)" flag: (.*)$`)

// cleanFlagError rewrites pflag's parse errors into one plain sentence
// (no strconv internals) and marks every flag error as bad usage.
func cleanFlagError(err error) error {
	m := rePflagValue.FindStringSubmatch(err.Error())
	if m == nil {
		return usageError{err: err}
	}
	value, flag, cause := m[1], m[2], m[3]
	switch {
	case strings.Contains(cause, "strconv.ParseInt"), strings.Contains(cause, "strconv.Atoi"):
		return usagef("%s %q: not a whole number", flag, value)
	case strings.Contains(cause, "strconv.ParseBool"):
		return usagef("%s=%q: use true or false", flag, value)
	case strings.Contains(cause, "strconv.ParseFloat"):
		return usagef("%s %q: not a number", flag, value)
	}
	return usagef("%s %q: %s", flag, value, cause)
}

// checkHTTPAddr validates a --http address as HOST:PORT with a port from
// 0 to 65535 and a host that, written as numbers, is an IP address, so a
// typo is reported as what it is: the flag once, its value, what is wrong,
// and what to give (the hint). 999.1.1.1 was taken for a host name beyond
// this machine and asked for a token. The message reads as the server's
// own errors about the address do once the CLI names their flag
// (--http: "0.0.0.0:7000" listens on every interface, ...).
func checkHTTPAddr(addr string) error {
	const example = "for example 127.0.0.1:7000"
	bad := func(hint, format string, args ...any) error {
		return usageError{err: fmt.Errorf("--http: %q %s", addr, fmt.Sprintf(format, args...)), hint: hint + "; see `ubp serve --help`"}
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		var ae *net.AddrError
		why := ""
		if errors.As(err, &ae) {
			why = " (" + ae.Err + ")"
		}
		return bad("give HOST:PORT, "+example+", or [::1]:7000 for an IPv6 address", "is not HOST:PORT%s", why)
	}
	if port == "" {
		return bad("give a port from 0 to 65535 after the colon, "+example, "has no port after the colon")
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return bad("give a port from 0 to 65535 (0 picks a free one), "+example, "has port %s, not a number from 0 to 65535", port)
	}
	if looksNumeric(host) && net.ParseIP(host) == nil {
		return bad("give an address of this machine, "+example+", or 0.0.0.0:7000 for every interface (with a token)",
			"has host %s, not an IP address (four numbers from 0 to 255)", host)
	}
	return nil
}

// looksNumeric reports whether host is written as an IPv4 address is:
// digits and dots only.
func looksNumeric(host string) bool {
	return host != "" && strings.Trim(host, "0123456789.") == ""
}

// jsonRequested reports whether args ask for JSON output, scanned before
// cobra parses them so that unknown commands and bad flags (which fail
// before --json is parsed) still answer in JSON.
// helpRequested reports whether args ask for help (-h or --help before
// any "--").
func helpRequested(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "--help":
			return true
		}
	}
	return false
}

func jsonRequested(args []string) bool {
	on := false
	for _, a := range args {
		if a == "--" {
			break
		}
		switch {
		case a == "--json":
			on = true
		case strings.HasPrefix(a, "--json="):
			v, err := strconv.ParseBool(strings.TrimPrefix(a, "--json="))
			on = err == nil && v
		}
	}
	return on
}
