package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// noArgs accepts no positional arguments, as cobra.NoArgs, but says so in
// words: "<command> takes no arguments, got "x"", then what flag takes such
// a word when flagFor names one ("" when none does). cobra.NoArgs called
// the word an unknown command (`unknown command "a.md" for "ubp
// get-graph"`), true of no word a user would give there.
func noArgs(flagFor func(arg string) string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		quoted := make([]string, len(args))
		for i, a := range args {
			quoted[i] = fmt.Sprintf("%q", a)
		}
		got := quoted[0]
		if n := len(quoted); n > 1 {
			got = strings.Join(quoted[:n-1], ", ") + " and " + quoted[n-1]
		}
		msg := fmt.Sprintf("%s takes no arguments, got %s", cmd.Name(), got)
		if flagFor != nil && len(args) == 1 {
			if s := flagFor(args[0]); s != "" {
				msg += ": " + s
			}
		}
		return usageError{err: fmt.Errorf("%s", msg)}
	}
}
