package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChangesPredictsChangeIDs: the change directories under [paths]
// changes, without OpenSpec's archive, hidden directories or files; and
// nothing outside a repository.
func TestChangesPredictsChangeIDs(t *testing.T) {
	root := t.TempDir()
	for name, content := range map[string]string{
		".espectacular/config.toml":                       "tool_version = \"0.1.0\"\n[paths]\nchanges = \"docs/changes\"\n",
		"openspec/specs/alpha/spec.md":                    "#### Scenario: A\n\nbody\n",
		"docs/changes/add-beta/specs/beta/spec.md":        "## ADDED Requirements\n",
		"docs/changes/fix-alpha/proposal.md":              "why\n",
		"docs/changes/archive/2026-01-01-old/proposal.md": "old\n",
		"docs/changes/.hidden/proposal.md":                "no\n",
		"docs/changes/README.md":                          "not a change\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	d := System()
	d.Getwd = func() (string, error) { return root, nil }
	assert.Equal(t, []string{"add-beta", "fix-alpha"}, changes("", d))
	assert.Equal(t, []string{"add-beta", "fix-alpha"}, changes(root, d))
	d.Getwd = func() (string, error) { return t.TempDir(), nil }
	assert.Empty(t, changes("", d))
}

// TestCompleteChangesFlag: `ah check --changes <TAB>` offers the change
// ids of the repository.
func TestCompleteChangesFlag(t *testing.T) {
	root := t.TempDir()
	for _, name := range []string{".espectacular/config.toml", "openspec/specs/a/spec.md", "openspec/changes/add-b/proposal.md", "openspec/changes/archive/x/proposal.md"} {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		content := "#### Scenario: A\n\nbody\n"
		if name == ".espectacular/config.toml" {
			content = "tool_version = \"0.1.0\"\n"
		}
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	var out bytes.Buffer
	d := System()
	d.Streams = &IOStreams{Out: &out, Err: &out}
	d.Getenv = func(k string) string { return map[string]string{"COMP_LINE": "ah check --changes "}[k] }
	d.Getwd = func() (string, error) { return root, nil }
	require.Equal(t, ExitOK, Main(t.Context(), []string{"ah", "", "--changes"}, d))
	assert.Equal(t, "add-b\n", out.String())
}
