package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/schemas"
)

// A probe cannot be made to time out for real without waiting its 60 s
// bound, and ah has no hidden knob to shorten it; so this drives the real
// commands, drivers and printers with a process whose `python3 -m pytest
// --version` reports a timeout, as execproc does at the bound.
func probeTimeoutRun(t *testing.T, args ...string) (int, string) {
	t.Helper()
	root := writeRepo(t, map[string]string{
		".espectacular/config.toml":     "tool_version = \"0.1.0\"\n",
		"openspec/specs/c/spec.md":      "# c\n\n#### Scenario: It works\n\nbody\n",
		"openspec/changes/.keep":        "",
		"tests/test_a.py":               "import pytest\n\ndef test_a():\n    pass\n",
		".espectacular/c/it-works.toml": "id = \"it-works\"\ndescription = \"\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.pytest]]\nflags = \"tests/test_a.py::test_a\"\n",
	})
	var out, errb bytes.Buffer
	d := cli.System()
	d.Streams = &cli.IOStreams{Out: &out, Err: &errb}
	d.Getenv = func(string) string { return "" }
	d.Process = processFunc(func(_ context.Context, cmd ports.Command) (ports.Result, error) {
		if slices.Equal(cmd.Argv, []string{"python3", "-m", "pytest", "--version"}) {
			return ports.Result{ExitCode: -1, Signaled: true, TimedOut: true}, nil
		}
		return ports.Result{ExitCode: 1}, nil // every other probe: no pytest there
	})
	code := cli.Main(t.Context(), append(args, "-C", root), d)
	require.Empty(t, errb.String())
	return code, out.String()
}

type processFunc func(context.Context, ports.Command) (ports.Result, error)

func (f processFunc) Run(ctx context.Context, cmd ports.Command) (ports.Result, error) {
	return f(ctx, cmd)
}

func validJSON(t *testing.T, schemaName, out string) map[string]any {
	t.Helper()
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &v), out)
	problems, err := schema.Validate(schemaName, v)
	require.NoError(t, err)
	require.Empty(t, problems, out)
	return v
}

const probeTimedOutMessage = "the environment probe `python3 -m pytest --version` of pytest timed out after 60 s (ah's bound for each probe), and no probe proved a command, so ah falls back to `python3 -m pytest`, which may not run pytest here; rerun when the machine is less loaded, or set pytest = [...] under [runners] in .espectacular/config.toml so that no probe decides the command"

func TestCheckReportsProbeTimedOut(t *testing.T) {
	code, out := probeTimeoutRun(t, "check", "--json")
	assert.Equal(t, 0, code, "a warning passes the gate")
	v := validJSON(t, schemas.CheckOutput, out)
	findings := v["data"].(map[string]any)["findings"].([]any)
	require.Len(t, findings, 1, out)
	f := findings[0].(map[string]any)
	assert.Equal(t, "probe-timed-out", f["kind"])
	assert.Equal(t, "warning", f["severity"])
	assert.Equal(t, "run_ah_doctor", f["suggested_action"])
	assert.Equal(t, "ah explain probe-timed-out", f["playbook_command"])
	assert.Nil(t, f["apply_command"])
	assert.Equal(t, probeTimedOutMessage, f["message"])

	code, _ = probeTimeoutRun(t, "check", "--json", "--strict")
	assert.Equal(t, 1, code, "--strict fails a gate whose command rests on a timeout")

	code, out = probeTimeoutRun(t, "check")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, probeTimedOutMessage)
}

func TestDoctorReportsProbeTimedOut(t *testing.T) {
	code, out := probeTimeoutRun(t, "doctor", "--json")
	assert.Equal(t, 0, code, "a warn check keeps doctor healthy")
	v := validJSON(t, schemas.DoctorOutput, out)
	var probes []any
	for _, c := range v["data"].(map[string]any)["checks"].([]any) {
		if c.(map[string]any)["name"] == "probes" {
			probes = append(probes, c)
		}
	}
	require.Len(t, probes, 1, out)
	assert.Equal(t, map[string]any{"name": "probes", "status": "warn", "message": probeTimedOutMessage}, probes[0])

	_, out = probeTimeoutRun(t, "doctor")
	assert.Contains(t, out, "warn  probes")
	assert.Contains(t, out, "`python3 -m pytest --version` of pytest timed out after 60 s")
}
