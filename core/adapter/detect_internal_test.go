package adapter

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// needed is the pure half of detection: from the facts gathered so far it
// decides which adapters still need a scan or a probe, so a check starts no
// process a decision does not rest on.
func TestNeeded(t *testing.T) {
	drivers := []ports.Driver{
		&portstest.Driver{Adapter: "fw", Alias: []string{"lang"}},
		&portstest.Driver{Adapter: "other"},
	}
	configured := config.Config{Runners: map[string]config.Runner{"fw": {Command: []string{"fw", "run"}}}}
	adapterOnly := config.Config{Runners: map[string]config.Runner{"fw": {Adapter: "fw"}}}
	unitAdapter := config.Config{Runners: map[string]config.Runner{"unit": {Adapter: "fw"}}}
	unitCommand := config.Config{Runners: map[string]config.Runner{"unit": {Adapter: "fw", Command: []string{"fw", "run"}}}}
	generic := config.Config{Runners: map[string]config.Runner{"unit": {Command: []string{"make", "test"}}}}
	scanned := func(ev Evidence) map[string]Evidence {
		ev.Adapter = "fw"
		return map[string]Evidence{"fw": ev}
	}
	tests := []struct {
		name              string
		cfg               config.Config
		types             []string
		evidence          map[string]Evidence
		probeAll          bool
		wantScan, wantPrb []string
	}{
		{name: "shell and custom need no adapter", types: []string{"custom", "shell"}},
		{name: "a generic runner runs as configured", cfg: generic, types: []string{"unit"}},
		{name: "an unknown type has no adapter to look for", types: []string{"mystery"}},
		{name: "configured: config decides, nothing gathered", cfg: configured, types: []string{"fw"}},
		{name: "configured command, tests run: neither scanned nor probed (issue 40)", cfg: configured, types: []string{"fw", "lang"}, probeAll: true},
		{name: "configured adapter, tests run: scan for the command", cfg: adapterOnly, types: []string{"fw"}, probeAll: true, wantScan: []string{"fw"}},
		{name: "configured adapter, tests run, scanned: probe", cfg: adapterOnly, types: []string{"fw"}, probeAll: true, evidence: scanned(Evidence{}), wantPrb: []string{"fw"}},
		{name: "configured adapter key, no command: probe", cfg: unitAdapter, types: []string{"unit"}, probeAll: true, evidence: scanned(Evidence{}), wantPrb: []string{"fw"}},
		{name: "configured adapter key with a command: no probe", cfg: unitCommand, types: []string{"unit"}, probeAll: true, evidence: scanned(Evidence{})},
		{name: "detected: scan first, once for a name and its alias", types: []string{"fw", "lang"}, wantScan: []string{"fw"}},
		{name: "each adapter in scope, sorted", types: []string{"other", "lang"}, wantScan: []string{"fw", "other"}},
		{name: "a manifest decides: no probe", types: []string{"lang"}, evidence: scanned(Evidence{Manifest: true})},
		{name: "a manifest, tests run: probe for the command", types: []string{"lang"}, evidence: scanned(Evidence{Manifest: true}), probeAll: true, wantPrb: []string{"fw"}},
		{name: "no manifest: probe", types: []string{"lang"}, evidence: scanned(Evidence{ImportedBy: "t.py"}), wantPrb: []string{"fw"}},
		{name: "probed already: nothing more", types: []string{"lang"}, evidence: scanned(Evidence{Probed: true}), probeAll: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := tt.evidence
			if ev == nil {
				ev = map[string]Evidence{}
			}
			scan, probe := needed(tt.cfg, Facts{Drivers: drivers, Evidence: ev}, tt.types, tt.probeAll)
			assert.Equal(t, tt.wantScan, scan, "scan")
			assert.Equal(t, tt.wantPrb, probe, "probe")
		})
	}
}
