package derivation_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/derivation"
	"github.com/espectacular/ah/core/schema"
)

var fields = derivation.Fields{ID: "p-x", Description: `new "pred" <&>`, Archetype: "SA", FalsifiabilityClass: "safety", DerivedFrom: "P-x@0123456789ab"}

func TestRender(t *testing.T) {
	want := "archetype = \"SA\"\nauthored_with = \"0.1.0\"\nderived_from = \"P-x@0123456789ab\"\n" +
		"description = \"new \\\"pred\\\" <&>\"\nfalsifiability_class = \"safety\"\nid = \"p-x\"\nstatus = \"active\"\nsuperseded_by = \"\"\n"
	assert.Equal(t, want, string(derivation.Render(fields, "0.1.0")))
	doc, err := schema.DecodeTOML(derivation.Render(fields, "0.1.0"))
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
	got, err := derivation.Refresh([]byte(old), fields)
	require.NoError(t, err)
	want := "# derived by ah sync\nid = \"p-x\"\ndescription = \"new \\\"pred\\\" <&>\"\n" + owned +
		"archetype=\"SA\" # inferred\nderived_from = \"P-x@0123456789ab\"\nfalsifiability_class = \"safety\"\n" + tests
	assert.Equal(t, want, string(got))
	assert.True(t, strings.HasSuffix(string(got), tests))
}

func TestRefreshCRLFAndNoChange(t *testing.T) {
	old := string(derivation.Render(fields, "0.1.0"))
	got, err := derivation.Refresh([]byte(old), fields)
	require.NoError(t, err)
	assert.Equal(t, old, string(got), "a fresh contract is left byte-identical")
	crlf := strings.ReplaceAll(old, "\n", "\r\n")
	f := fields
	f.Archetype = "PF"
	got, err = derivation.Refresh([]byte(crlf), f)
	require.NoError(t, err)
	assert.Equal(t, strings.Replace(crlf, `archetype = "SA"`, `archetype = "PF"`, 1), string(got))
}

func TestRefreshRefusesWhatItCannotEdit(t *testing.T) {
	for name, old := range map[string]string{
		"invalid TOML": "id = \n",
		"quoted key":   "\"id\" = \"p-x\"\n",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := derivation.Refresh([]byte(old), fields)
			assert.Error(t, err)
		})
	}
}

func TestRenderQuotes(t *testing.T) {
	f := derivation.Fields{ID: "p", Description: "a\"b\\c\nd\te\rf\x01g\x1fh\x7fi j€", Archetype: "PF", FalsifiabilityClass: "safety", DerivedFrom: "P@0"}
	got := derivation.Render(f, "0.1.0")
	assert.Contains(t, string(got), "description = \"a\\\"b\\\\c\\nd\\te\\rf\\u0001g\\u001Fh\\u007Fi j€\"\n")
	doc, err := schema.DecodeTOML(got)
	require.NoError(t, err)
	assert.Equal(t, f.Description, doc["description"])
}

func TestRefreshEdits(t *testing.T) {
	f := derivation.Fields{ID: "p-x", Description: "d", Archetype: "SA", FalsifiabilityClass: "safety", DerivedFrom: "P-x@0"}
	tests := []struct{ name, old, want string }{
		{"no top-level keys: inserted first, in field order",
			"[[tests.go]]\nflags = \"x\"\n",
			"archetype = \"SA\"\nderived_from = \"P-x@0\"\ndescription = \"d\"\nfalsifiability_class = \"safety\"\nid = \"p-x\"\n[[tests.go]]\nflags = \"x\"\n"},
		{"last key without a newline",
			"status = \"active\"",
			"status = \"active\"\narchetype = \"SA\"\nderived_from = \"P-x@0\"\ndescription = \"d\"\nfalsifiability_class = \"safety\"\nid = \"p-x\"\n"},
		{"comments after escaped quotes and literal strings stay; a value on the last line keeps no newline",
			"description = \"a \\\" b\" # c1\nid = 'p-old' # c2\narchetype = 'PF'#c3\r\nfalsifiability_class = \"safety\"\nderived_from = 'P-x@1'",
			"description = \"d\" # c1\nid = \"p-x\" # c2\narchetype = \"SA\"#c3\r\nfalsifiability_class = \"safety\"\nderived_from = \"P-x@0\""},
		{"multi-line values are replaced whole, keys inside them are not keys",
			"notes = '''\nid = \"inside\"\n'''\ndescription = '''old\nlines''' # c\nid = \"\"\"\n  p-old\"\"\"\n",
			"notes = '''\nid = \"inside\"\n'''\ndescription = \"d\"\nid = \"p-x\"\narchetype = \"SA\"\nderived_from = \"P-x@0\"\nfalsifiability_class = \"safety\"\n"},
		{"a non-string value loses what follows it",
			"id = 1 # number\n",
			"id = \"p-x\"\narchetype = \"SA\"\nderived_from = \"P-x@0\"\ndescription = \"d\"\nfalsifiability_class = \"safety\"\n"},
		{"comments after an empty literal string and an escaped backslash stay",
			"id = '' # c1\ndescription = \"a\\\\\" # c2\narchetype = \"SA\"\nfalsifiability_class = \"safety\"\nderived_from = \"P-x@0\"\n",
			"id = \"p-x\" # c1\ndescription = \"d\" # c2\narchetype = \"SA\"\nfalsifiability_class = \"safety\"\nderived_from = \"P-x@0\"\n"},
		{"indentation after = is kept", "id =\t \"p-old\"\n",
			"id =\t \"p-x\"\narchetype = \"SA\"\nderived_from = \"P-x@0\"\ndescription = \"d\"\nfalsifiability_class = \"safety\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := derivation.Refresh([]byte(tt.old), f)
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
		})
	}
}

func TestRefreshRefusals(t *testing.T) {
	f := derivation.Fields{ID: "p-x", Description: "d", Archetype: "SA", FalsifiabilityClass: "safety", DerivedFrom: "P-x@0"}
	fresh := string(derivation.Render(f, "0.1.0"))
	tests := []struct{ name, old, want string }{
		{"invalid TOML", "id = \n", "invalid TOML: "},
		{"an insertion inside a multi-line array breaks the file", "list = [\n  \"a=b\",\n]\n",
			"cannot update the derived fields in place ("},
		{"a key inside a string of an array is edited instead", "list = [\n'''\nid = \"q\"\n''',\n]\n",
			"cannot update archetype in place: rewrite the key by hand as `archetype = ...` before the first table"},
		{"an edit that leaves the derived fields right but changes another key",
			"list = [\n'''\ndescription = \"x\"\n''',\n]\n" + fresh,
			"updating the derived fields would change other keys: rewrite the file by hand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := derivation.Refresh([]byte(tt.old), f)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.Nil(t, got)
		})
	}
}
