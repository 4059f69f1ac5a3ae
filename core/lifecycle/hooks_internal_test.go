package lifecycle

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAddLefthook(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"no pre-commit", "pre-push:\n  commands:\n    t:\n      run: make\n",
			"pre-push:\n  commands:\n    t:\n      run: make\npre-commit:\n  commands:\n    ah-check:\n      run: ah check\n"},
		{"pre-commit without commands", "pre-commit:\n    parallel: true\n",
			"pre-commit:\n    commands:\n        ah-check:\n            run: ah check\n    parallel: true\n"},
		{"commands with four-space steps", "pre-commit:\n    commands:\n        lint:\n            run: x\n",
			"pre-commit:\n    commands:\n        ah-check:\n            run: ah check\n        lint:\n            run: x\n"},
		{"empty file", "", "pre-commit:\n  commands:\n    ah-check:\n      run: ah check\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := addLefthook(tt.in)
			assert.Equal(t, tt.want, got)
			assert.True(t, lefthookWired(got), "the result runs ah check")
		})
	}
}

func TestHookWiredReadsTheYAML(t *testing.T) {
	// A comment or another stage mentioning ah check is not wiring: the
	// predecessor's substring test never wired such files (its GH#28).
	assert.False(t, lefthookWired("# run ah check some day\npre-push:\n  commands:\n    a:\n      run: ah check\n"))
	assert.True(t, lefthookWired("pre-commit:\n  commands:\n    mine:\n      run: ah check --strict\n"))
	assert.False(t, preCommitWired("# entry: ah check\nrepos: []\n"))
	assert.True(t, preCommitWired("repos:\n- repo: local\n  hooks:\n  - id: x\n    entry: ah check\n"))
}

func TestWireHookFallsBackToManual(t *testing.T) {
	read := func(files map[string]string) func(string) ([]byte, bool) {
		return func(n string) ([]byte, bool) { s, ok := files[n]; return []byte(s), ok }
	}
	h, op := wireHook(read(map[string]string{".pre-commit-config.yaml": "repos: [{repo: x, hooks: []}]\n"}))
	assert.Nil(t, op, "a flow-style list cannot be extended line-wise")
	assert.Equal(t, HookManual, h.Status)
	h, op = wireHook(read(nil))
	assert.Nil(t, op)
	assert.Contains(t, h.Message, "no hook framework found")
}
