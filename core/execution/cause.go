package execution

import (
	"fmt"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
)

// causer is implemented by runners that can name the one cause of a
// failed job shared with other jobs: code that did not compile. Every job
// of a crate fails on the same compile error, so it is reported once
// (issue 8) and the other jobs' findings point at that one.
type causer interface {
	cause(o Outcome) (key, where string)
}

// cause is the compile failure of a failed adapter job whose report shows
// only build errors: key identifies the errors, where names the first
// one's location. Empty when tests ran or anything else went wrong.
func (a frameworkRunner) cause(o Outcome) (key, where string) {
	rep := a.parse(o)
	if rep == nil || len(rep.Errors) == 0 || len(rep.Tests) > 0 {
		return "", ""
	}
	var keys []string
	for _, e := range rep.Errors {
		if e.Kind != ports.KindBuild {
			return "", ""
		}
		keys = append(keys, e.Location+"\x00"+firstLine(e.Message))
	}
	slices.Sort(keys)
	return a.name + "\x00" + strings.Join(keys, "\x00"), rep.Errors[0].Location
}

// shareCauses keeps the full finding of a compile failure on the first job
// (in plan order) that hit it; the findings of later jobs failing on the
// same errors say they could not run and refer to it, without repeating
// the output.
func shareCauses(jobs []JobResult) {
	first := map[string]string{}
	for i := range jobs {
		j := &jobs[i]
		if j.cause == "" || len(j.Findings) != len(j.owners) {
			continue
		}
		ref, seen := first[j.cause]
		if !seen {
			first[j.cause] = j.Findings[0].ContractPath
			continue
		}
		j.Findings = slices.Clone(j.Findings)
		for k, b := range j.owners {
			j.Findings[k] = couldNotRun(j.Findings[k], b, j.where, ref)
		}
	}
}

func couldNotRun(f finding.Finding, b Binding, where, ref string) finding.Finding {
	at := ""
	if where != "" {
		at = " at " + where
	}
	f.Message = fmt.Sprintf("tests.%s[%d] of %s could not run: the code failed to compile%s, see the finding of %s",
		b.Entry.Type, b.Entry.Index, b.ContractPath, at, ref)
	return withoutOutput(f)
}

// withoutOutput drops a finding's output tails and failed tests: they are
// on the finding it refers to.
func withoutOutput(f finding.Finding) finding.Finding {
	if f.Test != nil {
		t := *f.Test
		t.StdoutTail, t.StderrTail, t.FailedTests = "", "", nil
		f.Test = &t
	}
	return f
}
