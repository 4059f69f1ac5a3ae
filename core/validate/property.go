package validate

import (
	"fmt"
	"io/fs"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/repofs"
)

// propertyLine is the line of property p's row in specPath, reading each
// spec once (texts caches them).
func propertyLine(fsys fs.FS, cfg config.Config, texts map[string]string, specPath, p string) (int, error) {
	text, ok := texts[specPath]
	if !ok {
		var err error
		if text, err = repofs.ReadString(fsys, specPath, cfg.SpecBytes()); err != nil {
			return 0, fmt.Errorf("read %s: %w", specPath, err)
		}
		texts[specPath] = text
	}
	return derivation.PropertyLine(text, p), nil
}

// untestedProperty is the no-tests-declared finding of a derived contract
// without tests. Seed 004 "Cover linked scenario" (issue 27): a scenario a
// VERIFIES link covers emits no no-tests-declared; the missing tests are
// the property's matter, so the finding names its Properties row and no
// scenario, once however many scenarios the contract covers (dedupe).
func untestedProperty(u Unit) finding.Finding {
	where := u.SpecPath
	if line := u.PropertyLine(); line > 0 {
		where = fmt.Sprintf("%s:%d", u.SpecPath, line)
	}
	f := finding.New(finding.NoTestsDeclared, fmt.Sprintf(
		"property %s (%s) has a derived contract, %s, that declares no tests: add a [[tests.<type>]] entry that runs the test proving the property; the scenarios linking it (- **VERIFIES**) are covered by it",
		u.Property, where, u.ContractPath))
	f.Spec, f.SpecPath, f.ContractPath = u.Capability, u.SpecPath, u.ContractPath
	return f
}
