package cli

import (
	"fmt"
	"runtime/debug"
	"strings"

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
	bi, _ := debug.ReadBuildInfo()
	data := VersionInfo(Version, bi)
	if asJSON {
		if err := output.VersionKind.JSON(d.Streams.Out, jsonOpts(), true).Print(data); err != nil {
			return ExitCannotRun
		}
		return ExitOK
	}
	if _, err := fmt.Fprintln(d.Streams.Out, VersionLine(data)); err != nil {
		return ExitCannotRun
	}
	return ExitOK
}

// VersionInfo is what `ah version` reports: version, then what the build
// information bi (nil when the binary has none) records.
func VersionInfo(version string, bi *debug.BuildInfo) output.VersionData {
	v := output.VersionData{Name: "ah", Version: version, ModuleVersion: "unknown", GoVersion: "unknown"}
	if bi == nil {
		return v
	}
	if bi.Main.Version != "" {
		v.ModuleVersion = bi.Main.Version
	}
	if bi.GoVersion != "" {
		v.GoVersion = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Revision = &s.Value
		case "vcs.time":
			v.RevisionTime = &s.Value
		case "vcs.modified":
			dirty := s.Value == "true"
			v.Dirty = &dirty
		}
	}
	return v
}

// VersionLine is the text of `ah version`: "ah VERSION (module M, commit
// C at T[, dirty], GO)", the commit part "no commit recorded" when the build
// recorded none.
func VersionLine(v output.VersionData) string {
	commit := "no commit recorded"
	if v.Revision != nil {
		commit = "commit " + *v.Revision
		if v.RevisionTime != nil {
			commit += " at " + *v.RevisionTime
		}
		if v.Dirty != nil && *v.Dirty {
			commit += ", dirty"
		}
	}
	parts := []string{"module " + v.ModuleVersion, commit, "built with " + v.GoVersion}
	return fmt.Sprintf("ah %s (%s)", v.Version, strings.Join(parts, ", "))
}
