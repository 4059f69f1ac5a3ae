package adapter_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func TestRouteEntry(t *testing.T) {
	fw := &portstest.Driver{Adapter: "fw", Default: []string{"fw"}}
	cfg := config.Config{
		Runners:       map[string]config.Runner{"unit": {Command: []string{"pytest"}}, "both": {Command: []string{"./run"}}},
		CustomRunners: map[string]config.Runner{"bats": {Command: []string{"bats"}}, "both": {Command: []string{"./env"}}},
	}
	// A block without a command (an embedder's config value; the schema
	// refuses it in TOML) is no runner: an empty [runners] entry must not
	// shadow the custom runner, nor an empty custom runner run nothing.
	cfg.Runners["hollow"] = config.Runner{}
	cfg.CustomRunners["hollow"] = config.Runner{Command: []string{"./hollow"}}
	cfg.CustomRunners["empty"] = config.Runner{}
	detect := func(testType string) adapter.Decision {
		switch testType {
		case "fw":
			return adapter.Decision{TestType: testType, Adapter: "fw", Command: []string{"fw", "run"}, Source: ports.SourceManifest, Version: "1"}
		case "python":
			return adapter.Decision{TestType: testType, Expected: true, Reason: "nothing detected"}
		}
		return adapter.Decision{TestType: testType}
	}
	tests := []struct {
		name    string
		detect  adapter.Detect
		entry   contract.Entry
		kind    adapter.Kind
		command []string
		custom  string
		problem finding.Kind
	}{
		{name: "shell", entry: contract.Entry{Type: "shell"}, kind: adapter.Shell},
		{name: "generic argv", entry: contract.Entry{Type: "unit"}, kind: adapter.Argv, command: []string{"pytest"}},
		{name: "[runners] wins over a custom runner of the same name", entry: contract.Entry{Type: "both"}, kind: adapter.Argv, command: []string{"./run"}},
		{name: "custom runner by type", entry: contract.Entry{Type: "bats"}, kind: adapter.Envelope, command: []string{"bats"}, custom: "bats"},
		{name: "tests.custom", entry: contract.Entry{Type: "custom", Runner: "both"}, kind: adapter.Envelope, command: []string{"./env"}, custom: "both"},
		{name: "tests.custom naming nothing", entry: contract.Entry{Type: "custom", Runner: "nope"}, problem: finding.MissingRunner},
		{name: "detected adapter", detect: detect, entry: contract.Entry{Type: "fw"}, kind: adapter.Framework, command: []string{"fw", "run"}},
		{name: "adapters off", entry: contract.Entry{Type: "fw"}, problem: finding.MissingRunner},
		{name: "adapter expected, none found", detect: detect, entry: contract.Entry{Type: "python"}, problem: finding.MissingAdapter},
		{name: "no runner", detect: detect, entry: contract.Entry{Type: "e2e"}, problem: finding.MissingRunner},
		{name: "an empty [runners] block falls through to the custom runner", entry: contract.Entry{Type: "hollow"}, kind: adapter.Envelope, command: []string{"./hollow"}, custom: "hollow"},
		{name: "an empty custom runner is no runner", entry: contract.Entry{Type: "empty"}, problem: finding.MissingRunner},
		{name: "tests.custom naming an empty custom runner", entry: contract.Entry{Type: "custom", Runner: "empty"}, problem: finding.MissingRunner},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, problem := adapter.RouteEntry(cfg, tt.detect, []ports.Driver{fw}, tt.entry)
			if tt.problem != "" {
				if assert.NotNil(t, problem) {
					assert.Equal(t, tt.problem, problem.Kind)
				}
				return
			}
			assert.Nil(t, problem)
			assert.Equal(t, tt.kind, p.Kind)
			assert.Equal(t, tt.command, p.Command)
			assert.Equal(t, tt.custom, p.CustomName)
		})
	}
}
