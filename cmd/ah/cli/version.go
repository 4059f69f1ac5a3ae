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

func printVersion(d *Deps, asJSON bool) int {
	if asJSON {
		data := map[string]string{"name": "ah", "version": Version}
		if err := output.WriteEnvelope(d.Streams.Out, output.NewEnvelope("version", Version, true, data)); err != nil {
			return ExitCannotRun
		}
		return ExitOK
	}
	fmt.Fprintf(d.Streams.Out, "ah %s\n", Version)
	return ExitOK
}
