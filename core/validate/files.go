package validate

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/spec"
)

// fileFindings reports the spec paths that were not read (a link leaving
// the repository, a name that is not UTF-8, a spec over the limit) and the
// unclosed blocks hiding scenarios (issue 9).
func fileFindings(files []spec.File) []finding.Finding {
	var out []finding.Finding
	for _, f := range files {
		p := repofs.Quote(f.Path)
		if f.Skipped != nil {
			fd := finding.New(finding.UnreadablePath, skippedMessage(f.Skipped))
			fd.Spec, fd.SpecPath = f.Capability, p
			out = append(out, fd)
		}
		if u := f.Doc.Unclosed; u != nil {
			lines := make([]string, len(u.Hidden))
			for i, l := range u.Hidden {
				lines[i] = fmt.Sprint(l)
			}
			fix := "close it with a matching fence line"
			if u.What == "HTML comment" {
				fix = "close it with -->"
			}
			fd := finding.New(finding.UnclosedBlock, fmt.Sprintf(
				"%s:%d: this %s is never closed, so the scenario headings on lines %s are not scenarios: %s where it ends",
				p, u.Line, u.What, strings.Join(lines, ", "), fix))
			fd.Spec, fd.SpecPath = f.Capability, p
			out = append(out, fd)
		}
	}
	return out
}

// skippedMessage says why a path was not read and how to fix it.
func skippedMessage(err error) string {
	if tl, ok := errors.AsType[*repofs.TooLarge](err); ok {
		return fmt.Sprintf("%s: raise [limits] spec_mib in %s if it is meant to be this large, or split it", tl.Error(), config.Path)
	}
	return err.Error()
}

// refusedContract is the finding for a path under .espectacular that was
// not read; specs is the specs directory, for the spec_path the contract
// belongs to.
func refusedContract(specs string, err error) finding.Finding {
	msg := err.Error()
	p := ""
	var r *repofs.Refused
	var tl *repofs.TooLarge
	switch {
	case errors.As(err, &r):
		p = r.Path
	case errors.As(err, &tl):
		p = tl.Path
		msg += ": a contract is a few lines of TOML; rewrite it"
	}
	capability := strings.TrimPrefix(p, config.Dir+"/") // a directory
	if strings.HasSuffix(p, ".toml") {
		capability, _, _ = contract.Split(config.Dir, p)
	}
	fd := finding.New(finding.UnreadablePath, msg)
	fd.ContractPath = repofs.Quote(p)
	fd.Spec = repofs.Quote(capability)
	fd.SpecPath = repofs.Quote(path.Join(specs, capability, "spec.md"))
	return fd
}

// refused reports whether a read was refused under the policy rather than
// failed.
func refused(err error) bool {
	var r *repofs.Refused
	var tl *repofs.TooLarge
	return errors.As(err, &r) || errors.As(err, &tl)
}
