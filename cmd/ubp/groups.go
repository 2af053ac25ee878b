package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// unknownCommand is the usage error of a word that names no command under
// parent (ubp frobnicate, ubp completion tcsh, ubp help nosuch): it names
// the word and, in the hint, the commands of a group (the shells of
// completion) or those of ubp it may have meant.
func unknownCommand(parent *cobra.Command, word string) error {
	ue := usageError{err: fmt.Errorf("unknown command %q for %q", word, parent.CommandPath())}
	switch {
	case !parent.HasSubCommands():
		// A command that groups none (`ubp help search extra`) has no
		// word to name: the hint listed none ("use one of ; ...").
		ue.hint = parent.CommandPath() + " has no subcommands; see `" + parent.CommandPath() + " --help`"
	case parent.HasParent():
		// A group's few commands (the shells of completion) are all named.
		ue.hint = "use one of " + strings.Join(subcommandNames(parent), ", ") + "; see `" + parent.CommandPath() + " --help`"
	default:
		if parent.SuggestionsMinimumDistance <= 0 {
			parent.SuggestionsMinimumDistance = 2 // cobra's own default, which SuggestionsFor does not apply
		}
		ue.hint = "see `" + parent.CommandPath() + " --help`"
		if near := parent.SuggestionsFor(word); len(near) > 0 {
			ue.hint = "did you mean: " + strings.Join(near, ", ")
		}
	}
	return ue
}

// subcommandNames lists the commands under c that a user may run.
func subcommandNames(c *cobra.Command) []string {
	var names []string
	for _, s := range c.Commands() {
		if s.IsAvailableCommand() {
			names = append(names, s.Name())
		}
	}
	return names
}

// guardGroups makes every command that only groups others (ubp itself,
// ubp completion) reject a word that names none of them: cobra printed
// the group's help and exited 0 for `ubp completion tcsh`, as it does for
// a group it cannot run. Run alone, a group still prints its help.
func guardGroups(c *cobra.Command) {
	for _, s := range c.Commands() {
		guardGroups(s)
	}
	if !c.HasSubCommands() || c.Runnable() {
		return
	}
	c.Args = func(cmd *cobra.Command, args []string) error {
		if len(args) > 0 {
			return unknownCommand(cmd, args[0])
		}
		return nil
	}
	c.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
}

// helpTopicCommand is `ubp help [command]`: cobra's own printed the root's
// help and exited 0 for a command that does not exist (`ubp help
// nosuch`) and ignored words after a known one (`ubp help search extra`).
func helpTopicCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "Prints the help of a command: `ubp help search` is `ubp search --help`.",
		Example: `  ubp help
  ubp help search
  ubp help completion bash`,
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			target, rest, err := cmd.Root().Find(args)
			if err != nil || len(rest) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []string
			for _, n := range subcommandNames(target) {
				if strings.HasPrefix(n, toComplete) {
					out = append(out, n)
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			target := cmd.Root()
			for _, word := range args {
				next := findSubcommand(target, word)
				if next == nil {
					return unknownCommand(target, word)
				}
				target = next
			}
			target.InitDefaultHelpFlag()
			target.InitDefaultVersionFlag()
			if err := target.Help(); err != nil {
				return fmt.Errorf("print the help of %s: %w", target.CommandPath(), err)
			}
			return nil
		},
	}
}

// findSubcommand is the command under c named (or aliased) word, or nil.
func findSubcommand(c *cobra.Command, word string) *cobra.Command {
	for _, s := range c.Commands() {
		if s.Name() == word || s.HasAlias(word) {
			return s
		}
	}
	return nil
}
