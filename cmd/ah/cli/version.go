package cli

import "fmt"

// VersionCmd prints the version.
type VersionCmd struct{}

// Run prints the version.
func (VersionCmd) Run(g *Globals, d *Deps) error {
	if c := printVersion(d, g.JSON); c != 0 {
		return &ExitError{Code: c}
	}
	return nil
}

func printVersion(d *Deps, asJSON bool) int {
	if asJSON {
		data := map[string]string{"name": "ah", "version": Version}
		if err := writeEnvelope(d.Streams.Out, newEnvelope("version", true, data)); err != nil {
			return ExitCannotRun
		}
		return ExitOK
	}
	fmt.Fprintf(d.Streams.Out, "ah %s\n", Version)
	return ExitOK
}
