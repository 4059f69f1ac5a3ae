package overlay

import (
	"fmt"
	"path"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/spec"
)

// ReservedCapabilities names each deployed capability whose contracts
// would live under .espectacular/changes/, the staging area of change
// contracts: it cannot have contracts there, so the conflict is reported
// rather than its files silently taken for staged ones.
func ReservedCapabilities(files []spec.File) []finding.Finding {
	var out []finding.Finding
	for _, f := range files {
		if f.Capability != "changes" && !strings.HasPrefix(f.Capability, "changes/") {
			continue
		}
		fd := finding.New(finding.OverlayConflict, fmt.Sprintf(
			"capability %q (%s) cannot have contracts: %s/changes/ is reserved for the staged contracts of change proposals; rename the capability directory",
			f.Capability, f.Path, config.Dir))
		fd.Spec, fd.SpecPath = f.Capability, f.Path
		out = append(out, fd)
	}
	return out
}

// RefusedStaged reports the staged paths ah refused to read, except the
// contract paths of units (read): reading those reports them already,
// with the scenario.
func RefusedStaged(changes []Change, read map[string]bool) []finding.Finding {
	var out []finding.Finding
	for _, c := range changes {
		for _, ref := range c.Refused {
			if !read[ref.Path] {
				out = append(out, refusedStaged(c, ref))
			}
		}
	}
	return out
}

// refusedStaged is a staged contract of change c that ah will not read
// (a link leaving the repository, a name that is not UTF-8): reported like
// a refused deployed contract, against the change's delta spec.
func refusedStaged(c Change, ref *repofs.Refused) finding.Finding {
	rel := strings.TrimPrefix(ref.Path, StagingDir(c.ID)+"/")
	capability := rel // a directory
	if strings.HasSuffix(rel, ".toml") {
		capability = path.Dir(rel)
	}
	fd := finding.New(finding.UnreadablePath, ref.Error())
	fd.ContractPath = repofs.Quote(ref.Path)
	fd.Spec = repofs.Quote(capability)
	fd.SpecPath = repofs.Quote(path.Join(c.Dir, "specs", capability, "spec.md"))
	return fd
}
