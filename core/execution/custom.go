package execution

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/schemas"
)

// EnvelopeBytes is how much of a custom runner's stdout is kept: the whole
// envelope must fit, unlike the 8 KiB tails kept for other runners.
const EnvelopeBytes = 1 << 20

// customRunner runs a custom runner, whose JSON envelope on stdout judges
// the run together with its exit status.
type customRunner struct{ name string }

func (c customRunner) Start(_ context.Context, env Env, inv Invocation) (Started, error) {
	return Started{Command: env.command(inv, EnvelopeBytes)}, nil
}

func (c customRunner) Judge(j Job, o Outcome) (string, func(Binding, *int64) []finding.Finding) {
	cv := judgeCustom(o)
	return cv.verdict, func(b Binding, ms *int64) []finding.Finding { return cv.findings(c.name, j, b, o, ms) }
}

func (customRunner) Describe(*Execution) {}

func (c customRunner) key() string { return contract.CustomType + "\x00" + c.name }

// envelope is a schema-valid custom runner stdout.
type envelope struct {
	ExitCode json.Number     `json:"exit_code"`
	Passed   bool            `json:"passed"`
	Findings []runnerFinding `json:"findings"`
}

// runnerFinding keeps the fields of a runner's finding that ah honours.
type runnerFinding struct {
	Kind            string `json:"kind"`
	Message         string `json:"message"`
	SuggestedAction string `json:"suggested_action"`
	Test            *struct {
		Type string `json:"type"`
	} `json:"test"`
}

// customVerdict is the judgement of one custom runner job.
type customVerdict struct {
	verdict string
	// env is the valid envelope, nil when stdout was not one.
	env *envelope
	// problem says why a run without envelope findings failed; empty on a
	// pass or when the envelope's findings explain the failure.
	problem string
	// protocol is true when the runner broke the envelope protocol (no
	// valid envelope, or one contradicting the process): the runner's
	// invocation needs fixing, not the code under test.
	protocol bool
}

// judgeCustom applies the custom runner protocol. A pass needs all of: the
// process exits 0, stdout is a valid envelope, its exit_code is 0, passed is
// true and findings is empty. Anything else fails: envelope findings are
// reported when there are any, otherwise one test-failing finding says why.
func judgeCustom(o Outcome) customVerdict {
	base := verdictOf(o)
	if base == NotRun || base == TimedOut || o.StartErr != nil || o.Result.Signaled {
		return customVerdict{verdict: base}
	}
	code := o.Result.ExitCode
	env, why := parseEnvelope(o.Result)
	switch {
	case env == nil && code == 0:
		return customVerdict{verdict: Failed, protocol: true, problem: "exited 0 but its stdout is not a valid custom-runner envelope (schemas/custom-runner.schema.json): " + why}
	case env == nil:
		return customVerdict{verdict: Failed, protocol: true, problem: fmt.Sprintf("exited with status %d without a valid envelope on stdout (%s)", code, why)}
	}
	cv := customVerdict{verdict: Failed, env: env}
	switch {
	case len(env.Findings) > 0:
		// The runner's findings explain the failure.
	case code != 0 && env.Passed:
		cv.problem = fmt.Sprintf("exited with status %d although its envelope reports passed = true: a failing process overrides the envelope", code)
	case code != 0:
		cv.problem = fmt.Sprintf("exited with status %d and its envelope reports passed = false without any findings", code)
	case !env.Passed:
		cv.problem = "exited 0 but its envelope reports passed = false without any findings: a failing envelope fails the binding even when it explains nothing"
	case !claims(env.ExitCode, code):
		cv.problem = fmt.Sprintf("exited %d but its envelope reports exit_code = %s: the envelope and the process must agree", code, env.ExitCode)
		cv.protocol = true
	default:
		cv.verdict = Passed
	}
	return cv
}

// findings are the findings of one binding of a failed custom runner job.
func (cv customVerdict) findings(name string, j Job, b Binding, o Outcome, ms *int64) []finding.Finding {
	if cv.verdict == Passed {
		return nil
	}
	if cv.env == nil || len(cv.env.Findings) == 0 {
		f := failing(j, b, o, ms)
		if cv.problem != "" {
			f.Message = fmt.Sprintf("%s %s", customWhat(name, b), cv.problem)
		}
		if cv.protocol {
			f.SuggestedAction = finding.FixToolInvocation
		}
		markCustom(f.Test)
		return []finding.Finding{f}
	}
	out := make([]finding.Finding, 0, len(cv.env.Findings))
	for _, rf := range cv.env.Findings {
		out = append(out, anchor(name, j, b, o, ms, rf))
	}
	return out
}

// anchor turns a runner's finding into an ah finding of the invoking
// scenario: a runner cannot claim another spec's location, cannot hand out
// an apply_command, and its finding always gates.
func anchor(name string, j Job, b Binding, o Outcome, ms *int64, rf runnerFinding) finding.Finding {
	kind := finding.Kind(rf.Kind)
	msg := fmt.Sprintf("%s reported: %s", customWhat(name, b), rf.Message)
	if info, ok := finding.Info(kind); !ok || info.Category != finding.Execution {
		kind = finding.TestFailing
		msg = fmt.Sprintf("%s reported a finding of kind %q: %s", customWhat(name, b), rf.Kind, rf.Message)
	}
	f := finding.New(kind, msg)
	if a := finding.Action(rf.SuggestedAction); a != "" && !a.Mechanical() {
		f.SuggestedAction = a
	}
	f.ContractPath = b.ContractPath
	f = f.WithScenario(b.Capability, b.SpecPath, b.Scenario)
	f.Test = failing(j, b, o, ms).Test
	markCustom(f.Test)
	// stdout was the envelope, now reported finding by finding; repeating
	// it in each of them would only bury the runner's logs on stderr.
	f.Test.StdoutTail = ""
	if rf.Test != nil && rf.Test.Type != "" {
		f.Test.Type = rf.Test.Type
	}
	return f
}

// markCustom fills the adapter fields and bounds the tails, which were
// captured with EnvelopeBytes, to what a finding may carry.
func markCustom(t *finding.Test) {
	t.TestType = t.Type
	t.Adapter = contract.CustomType
	t.DetectionSource = ports.SourceConfigured
	t.StdoutTail = lastBytes(t.StdoutTail, ports.DefaultTailBytes)
	t.StderrTail = lastBytes(t.StderrTail, ports.DefaultTailBytes)
}

func customWhat(name string, b Binding) string {
	return fmt.Sprintf("tests.%s[%d] of %s (custom runner %q)", b.Entry.Type, b.Entry.Index, b.ContractPath, name)
}

// parseEnvelope reads stdout as exactly one envelope and validates it
// against schemas/custom-runner.schema.json. On failure it returns nil and
// the reason in words.
func parseEnvelope(res ports.Result) (*envelope, string) {
	out := res.Stdout
	if res.StdoutBytes > int64(len(out)) {
		return nil, fmt.Sprintf("stdout has %d bytes, more than the %d an envelope may use", res.StdoutBytes, len(out))
	}
	if len(bytes.TrimSpace(out)) == 0 {
		return nil, "stdout is empty; print the envelope {\"exit_code\": 0, \"passed\": true, \"findings\": []}"
	}
	doc, out, why := decodeJSON(out)
	if why != "" {
		return nil, why
	}
	problems, err := schema.Validate(schemas.CustomRunner, doc)
	if err != nil {
		return nil, "cannot validate: " + err.Error()
	}
	if len(problems) > 0 {
		msgs := make([]string, len(problems))
		for i, p := range problems {
			msgs[i] = p.String()
		}
		return nil, strings.Join(msgs, "; ")
	}
	var env envelope
	if err := json.Unmarshal(out, &env); err != nil {
		return nil, "stdout does not decode as an envelope: " + err.Error()
	}
	return &env, ""
}

// claims reports whether a schema-valid integer exit_code (which JSON may
// spell 1.0) is the process's exit status. Comparing as floats needs no
// range check: an exit status converts exactly, and only an integral value
// can equal it.
func claims(n json.Number, code int) bool {
	f, err := n.Float64()
	return err == nil && f == float64(code)
}

// lastBytes keeps the last n bytes of s, starting on a UTF-8 boundary.
func lastBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[len(s)-n:]
	for i := range min(len(s), utf8.UTFMax) {
		if utf8.RuneStart(s[i]) {
			return s[i:]
		}
	}
	return s
}
