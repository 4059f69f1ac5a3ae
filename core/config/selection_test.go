package config_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
)

func TestParseSelection(t *testing.T) {
	got, err := config.Parse([]byte(minimal + "[selection]\nignore = [\"docs/**\", \"*.md\"]\n\n[selection.paths]\nparser = [\"src/parser/**\", \"src/{lex,parse}.go\"]\n\"nested/cap\" = [\"lib/x.go\"]\n"))
	require.NoError(t, err)
	assert.Equal(t, config.Selection{
		Paths:  map[string][]string{"parser": {"src/parser/**", "src/{lex,parse}.go"}, "nested/cap": {"lib/x.go"}},
		Ignore: []string{"docs/**", "*.md"},
	}, got.Selection)

	got, err = config.Parse([]byte(minimal))
	require.NoError(t, err)
	assert.Equal(t, config.Selection{}, got.Selection, "absent [selection] is the zero value")
}

func TestParseSelectionRejects(t *testing.T) {
	tests := []rejectCase{
		{name: "bad glob in paths", toml: minimal + "[selection.paths]\nparser = [\"src/[\"]\n", contains: []string{`selection.paths."parser"[0]: "src/[" is not a valid glob`}},
		{name: "bad glob in ignore", toml: minimal + "[selection]\nignore = [\"ok/**\", \"{a,b\"]\n", contains: []string{`selection.ignore[1]: "{a,b" is not a valid glob`}},
		{name: "paths not a list", toml: minimal + "[selection.paths]\nparser = \"src/**\"\n", contains: []string{"selection.paths.parser"}},
		{name: "empty glob", toml: minimal + "[selection]\nignore = [\"\"]\n", contains: []string{"selection.ignore"}},
		{name: "unknown key", toml: minimal + "[selection]\nonly = [\"x\"]\n", contains: []string{"selection", `"only"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := config.Parse([]byte(tt.toml))
			require.Error(t, err, "Parse(%q)", tt.toml)
			for _, want := range tt.contains {
				assert.Contains(t, err.Error(), want)
			}
		})
	}
}
