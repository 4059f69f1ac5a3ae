package selection_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/selection"
)

// TestCarry: a skipped contract the snapshot passed is carried; one it did
// not pass runs after all (not-proven), and the capabilities are those of
// the contracts that still run.
func TestCarry(t *testing.T) {
	ready := []selection.Contract{{Key: "a/x", Capability: "a"}, {Key: "b/y", Capability: "b"}, {Key: "c/z", Capability: "c"}}
	d := selection.Decision{Selected: []string{"a"}, SelectedContracts: []string{"a/x"}, Skipped: []string{"b/y", "c/z"},
		Reasons: []selection.Reason{{Contract: "a/x", File: "a.go", Rule: selection.RuleDependency}}}
	got, carried := selection.Carry(d, map[string]bool{"b/y": true}, ready)
	assert.Equal(t, map[string]bool{"b/y": true}, carried)
	assert.Equal(t, []string{"a", "c"}, got.Selected)
	assert.Equal(t, []string{"a/x", "c/z"}, got.SelectedContracts)
	assert.Equal(t, []string{"b/y"}, got.Skipped)
	assert.Equal(t, selection.RuleNotProven, got.Reasons[1].Rule)
	assert.Equal(t, "c/z", got.Reasons[1].Contract)
}
