package adapter_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func version(stdout, _ []byte) string { return strings.TrimSpace(string(stdout)) }

func probingDrivers() []ports.Driver {
	return []ports.Driver{
		&portstest.Driver{
			Adapter: "pytest", Default: []string{"python3", "-m", "pytest"}, Ext: ".py", Import: "import pytest",
			ProbeList: []ports.Probe{
				{Argv: []string{"python3", "-m", "pytest", "--version"}, Command: []string{"python3", "-m", "pytest"}, Version: version},
				{Argv: []string{"pytest", "--version"}, Command: []string{"pytest"}, Version: version},
			},
		},
		&portstest.Driver{
			Adapter: "vitest", Default: []string{"npx", "vitest", "run"}, Ext: ".test.ts", Import: `from "vitest"`, HasManifest: true,
			ProbeList: []ports.Probe{{Argv: []string{"vitest", "--version"}, Command: []string{"vitest", "run"}, Version: version}},
		},
	}
}

func TestGather(t *testing.T) {
	repo := fstest.MapFS{
		"a/test_a.py":                        {Data: []byte("import os\n")},
		"b/test_b.py":                        {Data: []byte("import pytest\n")},
		"c/test_c.py":                        {Data: []byte("import pytest\n")},
		"node_modules/x/test_hidden.test.ts": {Data: []byte(`import { it } from "vitest"`)},
	}
	proc := &portstest.Process{Responses: map[string]portstest.ProcessResponse{
		portstest.ProcessKey("python3", "-m", "pytest", "--version"): {Result: ports.Result{ExitCode: 1}},
		portstest.ProcessKey("pytest", "--version"):                  {Result: ports.Result{Stdout: []byte("7.2.1\n")}},
		portstest.ProcessKey("vitest", "--version"):                  portstest.ProcessNotFound("vitest"),
	}}
	f := adapter.Gather(t.Context(), repo, proc, "/repo", probingDrivers())

	assert.Equal(t, adapter.Evidence{
		Adapter: "pytest", Probed: true, Runnable: []string{"pytest"}, Version: "7.2.1",
		Tried: []string{"python3 -m pytest --version"}, ImportedBy: "b/test_b.py",
		DefaultCommand: []string{"python3", "-m", "pytest"},
	}, f.Evidence["pytest"], "first importing file in walk order; first probe that exits 0 wins")
	assert.Equal(t, adapter.Evidence{
		Adapter: "vitest", Manifest: true, Probed: true, Tried: []string{"vitest --version"},
		DefaultCommand: []string{"npx", "vitest", "run"},
	}, f.Evidence["vitest"], "node_modules is never searched")

	for _, c := range proc.Calls() {
		assert.Equal(t, "/repo", c.Dir)
		assert.Equal(t, adapter.ProbeTimeout, c.Timeout)
	}
}

// Issue 9: once interrupted, no further probe starts.
func TestProbeStopsWhenInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	proc := &portstest.Process{Func: func(context.Context, ports.Command) (ports.Result, error) {
		cancel()
		return ports.Result{ExitCode: -1, Canceled: true}, nil
	}}
	e := adapter.Gather(ctx, fstest.MapFS{}, proc, "/repo", probingDrivers(), "pytest").Evidence["pytest"]
	assert.Equal(t, [][]string{{"python3", "-m", "pytest", "--version"}}, proc.Argvs())
	assert.Empty(t, e.Tried, "an interrupted probe did not fail")
	assert.Empty(t, e.TimedOut, "an interrupted probe did not time out")
}

func TestProbeAfterInterruptStartsNothing(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	proc := &portstest.Process{}
	e := adapter.Gather(ctx, fstest.MapFS{}, proc, "/repo", probingDrivers(), "pytest").Evidence["pytest"]
	assert.Empty(t, proc.Calls())
	assert.True(t, e.Probed)
	assert.Empty(t, e.Tried)
}

// A probe that timed out is recorded apart from one that ran and failed,
// and the next probe is still tried; an interrupted one is neither.
func TestProbeOutcomes(t *testing.T) {
	const first, second = "python3 -m pytest --version", "pytest --version"
	timedOut := portstest.ProcessResponse{Result: ports.Result{ExitCode: -1, TimedOut: true, Signaled: true}}
	failed := portstest.ProcessResponse{Result: ports.Result{ExitCode: 1}}
	killed := portstest.ProcessResponse{Result: ports.Result{ExitCode: -1, Signaled: true}}
	ok := portstest.ProcessResponse{Result: ports.Result{Stdout: []byte("8.0\n")}}
	tests := []struct {
		name          string
		first, second portstest.ProcessResponse
		runnable      []string
		tried         []string
		timedOut      []string
	}{
		{"first timed out, second proves", timedOut, ok, []string{"pytest"}, []string{first}, []string{first}},
		{"both timed out", timedOut, timedOut, nil, []string{first, second}, []string{first, second}},
		{"failed then timed out", failed, timedOut, nil, []string{first, second}, []string{second}},
		{"killed is a failure, not a timeout", killed, failed, nil, []string{first, second}, nil},
		{"timed out with exit code 0 proves nothing", portstest.ProcessResponse{Result: ports.Result{TimedOut: true}}, failed, nil, []string{first, second}, []string{first}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proc := &portstest.Process{Responses: map[string]portstest.ProcessResponse{
				portstest.ProcessKey("python3", "-m", "pytest", "--version"): tt.first,
				portstest.ProcessKey("pytest", "--version"):                  tt.second,
			}}
			e := adapter.Gather(t.Context(), fstest.MapFS{}, proc, "/repo", probingDrivers(), "pytest").Evidence["pytest"]
			assert.Equal(t, tt.runnable, e.Runnable)
			assert.Equal(t, tt.tried, e.Tried)
			assert.Equal(t, tt.timedOut, e.TimedOut)
			assert.Len(t, proc.Calls(), 2, "a timeout does not stop the probing")
		})
	}
}

// A probe with CommandOf proves a command only when it reads one from the
// probe's stdout: exiting 0 with nothing to read is a failed probe.
func TestProbeCommandOf(t *testing.T) {
	fields := func(stdout []byte) []string { return strings.Fields(string(stdout)) }
	drivers := []ports.Driver{&portstest.Driver{
		Adapter: "pytest", Ext: ".py", Import: "import pytest",
		ProbeList: []ports.Probe{
			{Argv: []string{"sh", "-c", "head -1 pytest"}, Label: "the pytest script's interpreter", CommandOf: fields},
			{Argv: []string{"pytest", "--version"}, Command: []string{"pytest"}},
		},
	}}
	tests := []struct {
		name     string
		stdout   string
		runnable []string
		tried    []string
	}{
		{"interpreter read", "/usr/bin/python3 -m pytest\n", []string{"/usr/bin/python3", "-m", "pytest"}, nil},
		{"nothing read", "", []string{"pytest"}, []string{"the pytest script's interpreter"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proc := &portstest.Process{Responses: map[string]portstest.ProcessResponse{
				portstest.ProcessKey("sh", "-c", "head -1 pytest"): {Result: ports.Result{Stdout: []byte(tt.stdout)}},
			}}
			e := adapter.Gather(t.Context(), fstest.MapFS{}, proc, "/repo", drivers, "pytest").Evidence["pytest"]
			assert.Equal(t, tt.runnable, e.Runnable)
			assert.Equal(t, tt.tried, e.Tried)
		})
	}
}

func TestGatherOnlyProbesWhatIsAsked(t *testing.T) {
	proc := &portstest.Process{}
	f := adapter.Gather(t.Context(), fstest.MapFS{}, proc, "/repo", probingDrivers(), "vitest")
	assert.Equal(t, [][]string{{"vitest", "--version"}}, proc.Argvs())
	assert.NotContains(t, f.Evidence, "pytest")
	require.Contains(t, f.Evidence, "vitest")
	assert.Equal(t, []string{"vitest", "run"}, f.Evidence["vitest"].Runnable)
}

func TestScanStartsNoProcessAndProbeIsIdempotent(t *testing.T) {
	f := adapter.Scan(fstest.MapFS{}, probingDrivers())
	assert.False(t, f.Evidence["pytest"].Probed)

	proc := &portstest.Process{}
	once := adapter.Probe(t.Context(), fstest.MapFS{}, proc, "/repo", f, "pytest")
	assert.False(t, f.Evidence["pytest"].Probed, "Probe does not modify its input")
	calls := len(proc.Calls())
	twice := adapter.Probe(t.Context(), fstest.MapFS{}, proc, "/repo", once, "pytest", "unknown")
	assert.Len(t, proc.Calls(), calls, "a probed adapter is not probed again")
	assert.Equal(t, once, twice)
}

func TestScanStopsAtFileLimit(t *testing.T) {
	repo := fstest.MapFS{}
	for i := range adapter.MaxImportFiles {
		repo[strings.Repeat("a", 1+i/100)+"/"+strings.Repeat("b", 1+i%100)+".py"] = &fstest.MapFile{Data: []byte("x\n")}
	}
	repo["zzz/test_late.py"] = &fstest.MapFile{Data: []byte("import pytest\n")}
	f := adapter.Scan(repo, probingDrivers(), "pytest")
	assert.Empty(t, f.Evidence["pytest"].ImportedBy, "the walk gives up after MaxImportFiles candidates")
}

func TestFind(t *testing.T) {
	d, ok := adapter.Find(fakeDrivers(), "javascript")
	require.True(t, ok)
	assert.Equal(t, "vitest", d.Framework().Name)
	_, ok = adapter.Find(fakeDrivers(), "unit")
	assert.False(t, ok)
}

// Adapters are probed at once: pytest's probe answers only after
// vitest's has started.
func TestAdaptersProbedConcurrently(t *testing.T) {
	vitestStarted := make(chan struct{})
	proc := &portstest.Process{Func: func(ctx context.Context, cmd ports.Command) (ports.Result, error) {
		switch cmd.Argv[0] {
		case "vitest":
			close(vitestStarted)
			return ports.Result{Stdout: []byte("3.0\n")}, nil
		case "python3":
			<-vitestStarted
			return ports.Result{Stdout: []byte("8.0\n")}, nil
		}
		<-ctx.Done()
		return ports.Result{ExitCode: -1, Canceled: true}, nil
	}}
	f := adapter.Gather(t.Context(), fstest.MapFS{}, proc, "/repo", probingDrivers())
	assert.Equal(t, "8.0", f.Evidence["pytest"].Version)
	assert.Equal(t, "3.0", f.Evidence["vitest"].Version)
}
