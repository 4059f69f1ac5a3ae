package overlay

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/spec"
)

// Change is one selected change as read from the repository.
type Change struct {
	ID string
	// Dir is the change's directory, <paths.changes>/<id>.
	Dir string
	// Files are the change's delta specs, <changes>/<id>/specs/<capability>/spec.md,
	// sorted by capability.
	Files []spec.File
	// Staged maps "<capability>/<scenario-id>" to its staged contract,
	// .espectacular/changes/<id>/<capability>/<scenario-id>.toml.
	Staged map[string]string
	// StagedPaths are every .toml under the change's staging directory, sorted.
	StagedPaths []string
	// Refused are the staged contracts (and links that may lead to one)
	// ah will not read: a link leaving the repository, a name that is not
	// UTF-8. They are reported as unreadable-path, never skipped silently.
	Refused []*repofs.Refused
	// SkipSpecs is the path of the change's .openspec.yaml when it
	// declares skip_specs: true (OpenSpec 1.13): the change has no spec
	// deltas by design, and openspec archive refuses one that carries any.
	SkipSpecs string
}

// StagingDir is where the staged contracts of change id live.
func StagingDir(id string) string { return path.Join(config.Dir, "changes", id) }

// StagedPath is where change id stages the contract of a scenario.
func StagedPath(id, capability, scenario string) string {
	return contract.Path(StagingDir(id), capability, scenario)
}

// Load reads the changes ids (normalized first) under the changes
// directory. A bad or unknown id is an error: the user asked for a change
// that is not there, and a gate over it would check nothing.
func Load(fsys fs.FS, changesDir string, specLimit int64, ids []string) ([]Change, error) {
	var out []Change
	for _, id := range Normalize(ids) {
		if err := ValidID(id); err != nil {
			return nil, err
		}
		dir := path.Join(changesDir, id)
		if fi, err := fs.Stat(fsys, dir); err != nil || !fi.IsDir() {
			return nil, &UnknownChangeError{ID: id, Path: dir, Known: IDs(fsys, changesDir)}
		}
		c := Change{ID: id, Dir: dir, Staged: map[string]string{}}
		files, err := spec.DiscoverLimit(fsys, path.Join(dir, "specs"), specLimit)
		if err != nil && !errors.Is(err, spec.ErrNoSpecsDir) {
			return nil, fmt.Errorf("read change %s: %w", id, err)
		}
		c.Files = files
		c.SkipSpecs = skipSpecs(fsys, dir)
		if err := c.readStaged(fsys); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// readStaged lists the change's staged contracts. Hidden files and
// directories are never contracts, as in the deployed scan.
func (c *Change) readStaged(fsys fs.FS) error {
	root := StagingDir(c.ID)
	if _, err := fs.Stat(fsys, root); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return repofs.Walk(fsys, root, func(e repofs.Entry) error {
		hidden := strings.HasPrefix(e.Name, ".")
		if e.Refused != nil {
			// As in the deployed scan: what could be a contract is reported.
			if e.MayBe(".toml") {
				c.Refused = append(c.Refused, e.Refused)
			}
			return nil
		}
		if hidden {
			if e.Dir {
				return fs.SkipDir
			}
			return nil
		}
		if e.Dir || !strings.HasSuffix(e.Name, ".toml") {
			return nil
		}
		c.StagedPaths = append(c.StagedPaths, e.Path)
		capability, id, _ := contract.Split(root, e.Path)
		c.Staged[capability+"/"+id] = e.Path
		return nil
	})
}

// IDs lists the selectable change directories under dir, for the
// unknown-change message, the lifecycle commands and completion: archive
// holds archived changes, and a name ValidID refuses is not an id.
func IDs(fsys fs.FS, dir string) []string {
	entries, _ := fs.ReadDir(fsys, dir)
	var out []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "archive" && ValidID(e.Name()) == nil {
			out = append(out, e.Name())
		}
	}
	return out
}

// MetadataFile is the per-change metadata of OpenSpec 1.13.
const MetadataFile = ".openspec.yaml"

// skipSpecs returns the change's metadata file when it declares
// skip_specs: true, else "". One top-level scalar: no YAML parser needed.
func skipSpecs(fsys fs.FS, dir string) string {
	file := path.Join(dir, MetadataFile)
	data, err := repofs.ReadFile(fsys, file, repofs.ConfigLimit)
	if err != nil {
		return ""
	}
	for line := range strings.Lines(string(data)) {
		v, ok := strings.CutPrefix(line, "skip_specs:")
		if !ok {
			continue
		}
		v, _, _ = strings.Cut(v, " #")
		if strings.TrimSpace(v) == "true" {
			return file
		}
	}
	return ""
}

// StubArgv is the `ah contract new` command line that writes the missing
// contract contractPath of scenario id of capability: deployed, or staged
// in a change (--change); nil when contractPath is neither.
func StubArgv(contractPath, capability, id string) []string {
	argv := []string{"ah", "contract", "new"}
	if contractPath != contract.Path(config.Dir, capability, id) {
		rest, ok := strings.CutPrefix(contractPath, StagingDir("")+"/")
		change, _, _ := strings.Cut(rest, "/")
		if !ok || contractPath != StagedPath(change, capability, id) {
			return nil
		}
		argv = append(argv, "--change", change)
	}
	return append(argv, capability, id)
}
