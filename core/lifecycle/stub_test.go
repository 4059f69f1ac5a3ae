package lifecycle_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/lifecycle"
	"github.com/espectacular/ah/core/schema"
)

func TestStub(t *testing.T) {
	head := "id = \"a\"\ndescription = \"Say \\\"hi\\\" \\\\ \\t\\u001F\\u007F ok\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.12.0\"\n\n" +
		"# Bind the test that proves this scenario (until then ah check reports\n# no-tests-declared), then run `ah check --run-tests`:\n"
	title := "Say \"hi\" \\ \t\x1f\x7f ok"
	tests := []struct{ testType, want string }{
		{"shell", head + "# [[tests.shell]]\n# command = \"<a command that exits 0 only when the scenario holds>\"\n"},
		{"go", head + "# [[tests.go]]\n# flags = \"<selects exactly the test that proves this scenario>\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.testType, func(t *testing.T) {
			got := lifecycle.Stub("a", title, "0.12.0", tt.testType)
			assert.Equal(t, tt.want, string(got))
			doc, err := schema.DecodeTOML(got)
			require.NoError(t, err)
			assert.Equal(t, title, doc["description"], "the title survives quoting")
			assert.NotContains(t, doc, "superseded_by", "an active contract is superseded by nothing: no empty key to wonder about")
		})
	}
}

func TestTestType(t *testing.T) {
	tests := []struct {
		name     string
		evidence map[string]adapter.Evidence
		want     string
	}{
		{"nothing found", nil, "shell"},
		{"only looked for", map[string]adapter.Evidence{"go": {Probed: true}}, "shell"},
		{"first by name of manifests and imports", map[string]adapter.Evidence{
			"vitest": {Manifest: true}, "pytest": {ImportedBy: "tests/test_x.py"}, "cargo": {Probed: true}, "zig": {Manifest: true},
		}, "pytest"},
		{"manifest only", map[string]adapter.Evidence{"cargo": {Manifest: true}, "go": {}}, "cargo"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, lifecycle.TestType(adapter.Facts{Evidence: tt.evidence}))
		})
	}
}

// TestShown: the frameworks ah init probes are those a manifest or a test
// file shows, sorted; one only looked for is not shown.
func TestShown(t *testing.T) {
	facts := adapter.Facts{Evidence: map[string]adapter.Evidence{
		"vitest": {Manifest: true}, "pytest": {ImportedBy: "tests/test_x.py"}, "cargo": {Probed: true}, "go": {},
	}}
	assert.Equal(t, []string{"pytest", "vitest"}, lifecycle.Shown(facts))
	assert.Empty(t, lifecycle.Shown(adapter.Facts{}))
}
