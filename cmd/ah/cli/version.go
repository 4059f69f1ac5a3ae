package cli

import (
	"fmt"

	"github.com/espectacular/ah/cmd/ah/cli/output"
)

// VersionCmd prints the version.
type VersionCmd struct{}

// Run prints the version.
func (VersionCmd) Run(g *Globals, d *Deps) error {
	if c := printVersion(d, g.asJSON()); c != 0 {
		return &RunError{} // printVersion failed to write: nothing more to say
	}
	return nil
}

// jsonOpts are the options of every command's envelope printer.
func jsonOpts() output.Options { return output.Options{CLIVersion: Version} }

func printVersion(d *Deps, asJSON bool) int {
	if asJSON {
		data := output.VersionData{Name: "ah", Version: Version}
		if err := output.VersionKind.JSON(d.Streams.Out, jsonOpts(), true).Print(data); err != nil {
			return ExitCannotRun
		}
		return ExitOK
	}
	fmt.Fprintf(d.Streams.Out, "ah %s\n", Version)
	return ExitOK
}
