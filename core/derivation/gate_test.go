package derivation_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/derivation"
)

// TestResultPassed: ah sync fails on a refusal or a kept orphan; ah sync
// --check also on any missing, stale or orphaned contract.
func TestResultPassed(t *testing.T) {
	of := func(states ...derivation.State) derivation.Result {
		var r derivation.Result
		for _, s := range states {
			r.Contracts = append(r.Contracts, derivation.Contract{State: s})
		}
		return r
	}
	kept := derivation.Result{Contracts: []derivation.Contract{{State: derivation.Orphaned, Owned: "a person"}}}
	refused := derivation.Result{Refusals: []derivation.Refusal{{Kind: "spk-unavailable"}}}
	for _, tt := range []struct {
		name         string
		res          derivation.Result
		sync, checks bool
	}{
		{"fresh", of(derivation.Fresh), true, true},
		{"missing", of(derivation.Fresh, derivation.Missing), true, false},
		{"stale", of(derivation.Stale), true, false},
		{"orphaned, removable", of(derivation.Orphaned), true, false},
		{"orphaned, kept", kept, false, false},
		{"refused", refused, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.sync, tt.res.Passed(false), "ah sync")
			assert.Equal(t, tt.checks, tt.res.Passed(true), "ah sync --check")
		})
	}
}
