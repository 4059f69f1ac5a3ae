package pytest

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCheck: only `PYTHON -m pytest ...` gets a probe, of that interpreter.
func TestCheck(t *testing.T) {
	probe, tool := Driver{}.Check([]string{"/usr/bin/python3", "-m", "pytest", "tests/x.py"})
	assert.Equal(t, []string{"/usr/bin/python3", "-c", "import pytest"}, probe)
	assert.Equal(t, "pytest for `/usr/bin/python3`", tool)
	for _, argv := range [][]string{
		{"pytest", "tests"},              // the program itself: its start error says it is missing
		{"uv", "run", "pytest"},          // another tool decides what runs
		{"python3", "-m", "pytest_cov"},  // another module
		{"python3", "-m"},                // too short
		{"node", "-m", "pytest", "x.py"}, // not an interpreter of pytest
	} {
		probe, _ := Driver{}.Check(argv)
		assert.Nil(t, probe, "%q", argv)
	}
}
