package derivation

import (
	"fmt"
	"io/fs"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/slug"
	"github.com/espectacular/ah/core/spec"
)

// Source is a spec that derives contracts: dual format (a frontmatter id)
// with at least one Properties row. Plain specs and dual-format specs
// without Properties rows are never sources, so nothing about them changes
// (C-plain-unaffected).
type Source struct {
	Capability, SpecPath string
	// FileID is the frontmatter id; Properties the row ids by a minimal
	// scan of the table (spk parse supplies the rows themselves).
	FileID     string
	Properties []string
}

// Sources returns the sources among files, in their order, reading each
// spec's text from fsys (limit bytes at most).
func Sources(fsys fs.FS, files []spec.File, limit int64) ([]Source, error) {
	var out []Source
	for _, f := range files {
		if f.Skipped != nil {
			continue
		}
		text, err := repofs.ReadString(fsys, f.Path, limit)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", f.Path, err)
		}
		id := FileID(text)
		if id == "" {
			continue
		}
		if ps := PropertyIDs(text); len(ps) > 0 {
			out = append(out, Source{Capability: f.Capability, SpecPath: f.Path, FileID: id, Properties: ps})
		}
	}
	return out, nil
}

// ContractPath is the file of the contract derived from property
// propertyID of capability: .espectacular/<capability>/<slug>.toml, the
// slug keeping ASCII letters and digits only, as the Rust ah named it.
func ContractPath(capability, propertyID string) string {
	return contract.Path(config.Dir, capability, slug.ASCII(propertyID))
}
