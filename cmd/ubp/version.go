package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=..." (make
// build uses git describe). A `go install module@version` build has no
// ldflags: its version comes from the module's build info.
var version = "dev"

// buildVersion is the version ubp reports: the ldflags value, else the main
// module's version from the build info, else "dev".
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	return versionFrom(version, bi, ok)
}

func versionFrom(ldflags string, bi *debug.BuildInfo, ok bool) string {
	if ldflags != "" && ldflags != "dev" {
		return ldflags
	}
	if ok && bi != nil && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

func (a *app) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print ubp's version",
		Example: `  ubp version --json`,
		Args:    noArgs(nil),
		RunE: func(cmd *cobra.Command, _ []string) error {
			v := buildVersion()
			if a.jsonOut {
				return printJSON(a.stdout, map[string]string{"version": v})
			}
			fmt.Fprintf(a.stdout, "ubp %s\n", v)
			return nil
		},
	}
}
