package derive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/derive"
	"github.com/espectacular/ah/core/schema"
)

var fields = derive.Fields{ID: "p-x", Description: `new "pred" <&>`, Archetype: "SA", FalsifiabilityClass: "safety", DerivedFrom: "P-x@0123456789ab"}

func TestRender(t *testing.T) {
	want := "archetype = \"SA\"\nauthored_with = \"0.1.0\"\nderived_from = \"P-x@0123456789ab\"\n" +
		"description = \"new \\\"pred\\\" <&>\"\nfalsifiability_class = \"safety\"\nid = \"p-x\"\nstatus = \"active\"\nsuperseded_by = \"\"\n"
	assert.Equal(t, want, string(derive.Render(fields, "0.1.0")))
	doc, err := schema.DecodeTOML(derive.Render(fields, "0.1.0"))
	require.NoError(t, err)
	assert.Equal(t, `new "pred" <&>`, doc["description"])
}

// TestRefreshKeepsOwnedBytes: C-sync-ownership. Everything but the derived
// values is byte-identical: comments, order, tests, status, superseded_by.
func TestRefreshKeepsOwnedBytes(t *testing.T) {
	owned := "status = \"superseded\"  # kept\nsuperseded_by = \"p-y\"\nauthored_with = \"0.0.9\"\n"
	tests := "\n# how we test it\n[[tests.go]]\nflags = \"./x -run '^TestX$'\"\ntimeout_seconds = 30\n"
	old := "# derived by ah sync\nid = \"p-x\"\ndescription = \"\"\"old\npredicate\"\"\"\n" + owned +
		"archetype='PF' # inferred\nderived_from = \"P-x@aaaaaaaaaaaa\"\n" + tests
	got, err := derive.Refresh([]byte(old), fields)
	require.NoError(t, err)
	want := "# derived by ah sync\nid = \"p-x\"\ndescription = \"new \\\"pred\\\" <&>\"\n" + owned +
		"archetype=\"SA\" # inferred\nderived_from = \"P-x@0123456789ab\"\nfalsifiability_class = \"safety\"\n" + tests
	assert.Equal(t, want, string(got))
	assert.True(t, strings.HasSuffix(string(got), tests))
}

func TestRefreshCRLFAndNoChange(t *testing.T) {
	old := string(derive.Render(fields, "0.1.0"))
	got, err := derive.Refresh([]byte(old), fields)
	require.NoError(t, err)
	assert.Equal(t, old, string(got), "a fresh contract is left byte-identical")
	crlf := strings.ReplaceAll(old, "\n", "\r\n")
	f := fields
	f.Archetype = "PF"
	got, err = derive.Refresh([]byte(crlf), f)
	require.NoError(t, err)
	assert.Equal(t, strings.Replace(crlf, `archetype = "SA"`, `archetype = "PF"`, 1), string(got))
}

func TestRefreshRefusesWhatItCannotEdit(t *testing.T) {
	for name, old := range map[string]string{
		"invalid TOML": "id = \n",
		"quoted key":   "\"id\" = \"p-x\"\n",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := derive.Refresh([]byte(old), fields)
			assert.Error(t, err)
		})
	}
}
