package argv_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/drivers/argv"
)

func TestProgram(t *testing.T) {
	for word, want := range map[string]string{
		"pytest":                     "pytest",
		"/usr/bin/pytest":            "pytest",
		".venv/bin/pytest":           "pytest",
		"node_modules/.bin/vitest":   "vitest",
		`C:\venv\Scripts\pytest.exe`: "pytest",
		"./pytest":                   "",
		"tests/pytest":               "",
	} {
		assert.Equal(t, want, argv.Program(word), "Program(%q)", word)
	}
}

func TestFind(t *testing.T) {
	tests := []struct {
		argv []string
		want int
	}{
		{[]string{"uv", "run", "pytest"}, 2},
		{[]string{"uv", "run", "--with", "pytest", "pytest"}, 4},
		{[]string{"python3", "-m", "pytest"}, 2},
		{[]string{"tox", "-e", "pytest"}, -1},
		{[]string{"make", "pytest"}, -1},
		{[]string{"just", "pytest"}, -1},
		{nil, -1},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, argv.Find(tt.argv, "pytest"), "Find(%q)", tt.argv)
	}
}

func TestWithout(t *testing.T) {
	assert.Equal(t, []string{"-json"}, argv.Without([]string{"./...", "-count=3"}, []string{"-json", "-count=1"}))
	assert.Equal(t, []string{"--no-fail-fast"}, argv.Without([]string{"--color", "always"}, []string{"--no-fail-fast", "--color=never"}))
}
