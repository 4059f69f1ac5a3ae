package doctor

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestVerify: an edit passes only when the new document is the old one
// with exactly apply's change.
func TestVerify(t *testing.T) {
	data := []byte("tool_version = \"0.1.0\"\n")
	apply := func(doc map[string]any) { set(doc, map[string]any{"command": []any{"go", "test"}}, "runners", "go") }
	good := append(append([]byte{}, data...), "[runners.go]\ncommand = [\"go\", \"test\"]\n"...)
	assert.NoError(t, verify(data, good, apply))
	more := append(append([]byte{}, good...), "[runners.unit]\ncommand = [\"x\"]\n"...)
	assert.EqualError(t, verify(data, more, apply), "it would change more than the capability's own table")
	assert.ErrorContains(t, verify(data, []byte("tool_version = 1\n"), apply), "invalid config")
}
