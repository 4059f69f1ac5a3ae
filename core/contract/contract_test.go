package contract_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
)

const path = ".espectacular/gate/empty-input-rejected.toml"

// header is the valid top-level part of a contract.
const header = `id = "empty-input-rejected"
description = "empty input is rejected"
archetype = "PF"
status = "active"
superseded_by = ""
authored_with = "0.1.0"
`

const shell = `
[[tests.shell]]
command = "go test ./core/... -run '^TestX$'"
`

// base is the identity every decoded example starts from.
func base() contract.Contract {
	return contract.Contract{
		Path:         path,
		ID:           "empty-input-rejected",
		Description:  "empty input is rejected",
		Archetype:    "PF",
		Status:       contract.Active,
		AuthoredWith: "0.1.0",
	}
}

func with(f func(*contract.Contract)) contract.Contract {
	c := base()
	f(&c)
	return c
}

type validCase struct {
	name string
	toml string
	want contract.Contract
}

// waitCase decodes a ./wait.sh shell entry whose timeout_seconds is written
// as raw and read as seconds (0: not read as a timeout).
func waitCase(name, raw string, seconds int) validCase {
	return validCase{
		name: name,
		toml: header + "\n[[tests.shell]]\ncommand = \"./wait.sh\"\ntimeout_seconds = " + raw + "\n",
		want: with(func(c *contract.Contract) {
			c.Tests = []contract.Entry{{Type: "shell", Command: "./wait.sh", TimeoutSeconds: seconds}}
		}),
	}
}

var validCases = []validCase{
	{
		name: "shell entry",
		toml: header + shell,
		want: with(func(c *contract.Contract) {
			c.Tests = []contract.Entry{{Type: "shell", Command: "go test ./core/... -run '^TestX$'"}}
		}),
	},
	{
		name: "shell entry with every option",
		toml: header + `
[[tests.shell]]
command = "./run.sh"
timeout_seconds = 30
resources = ["db", "port:8080"]
exclusive = true
`,
		want: with(func(c *contract.Contract) {
			c.Tests = []contract.Entry{{Type: "shell", Command: "./run.sh", TimeoutSeconds: 30, Resources: []string{"db", "port:8080"}, Exclusive: true}}
		}),
	},
	{
		name: "flags entries of several types",
		toml: header + `
[[tests.unit]]
flags = "-k empty"

[[tests.pytest]]
flags = "tests/test_a.py::test_empty"
timeout_seconds = 5

[[tests.go_test]]
flags = "-run '^TestEmpty$' ./core/..."
`,
		want: with(func(c *contract.Contract) {
			c.Tests = []contract.Entry{
				{Type: "go_test", Flags: "-run '^TestEmpty$' ./core/..."},
				{Type: "pytest", Flags: "tests/test_a.py::test_empty", TimeoutSeconds: 5},
				{Type: "unit", Flags: "-k empty"},
			}
		}),
	},
	{
		name: "custom runner entries",
		toml: header + `
[[tests.custom]]
runner = "bats"
flags = "test/empty.bats"

[[tests.custom]]
runner = "make"
`,
		want: with(func(c *contract.Contract) {
			c.Tests = []contract.Entry{
				{Type: "custom", Runner: "bats", Flags: "test/empty.bats"},
				{Type: "custom", Index: 1, Runner: "make"},
			}
		}),
	},
	{
		// derived_from is accepted (the predecessor's format writes it) but
		// nothing reads it yet, so it is validated and not decoded.
		name: "derived contract",
		toml: header + `derived_from = "gate.P-discovery@0123456789ab"` + "\n" + shell,
		want: with(func(c *contract.Contract) {
			c.Tests = []contract.Entry{{Type: "shell", Command: "go test ./core/... -run '^TestX$'"}}
		}),
	},
	{
		name: "quality mutation table",
		toml: header + `
[quality.mutation]
enabled = true
threshold = 0.8
` + shell,
		want: with(func(c *contract.Contract) {
			c.Tests = []contract.Entry{{Type: "shell", Command: "go test ./core/... -run '^TestX$'"}}
			th := 0.8
			c.Mutation = contract.Mutation{Enabled: true, Threshold: &th}
		}),
	},
	{
		// Issue 16: args reach the tool; an integer threshold is a number.
		name: "quality mutation args",
		toml: header + `
[quality.mutation]
enabled = true
threshold = 1
args = ["./core/slug"]
` + shell,
		want: with(func(c *contract.Contract) {
			c.Tests = []contract.Entry{{Type: "shell", Command: "go test ./core/... -run '^TestX$'"}}
			th := 1.0
			c.Mutation = contract.Mutation{Enabled: true, Threshold: &th, Args: []string{"./core/slug"}}
		}),
	},
	{
		name: "falsifiability classes",
		toml: header + `falsifiability_class = "liveness"` + "\n" + `
[[tests.shell]]
command = "./wait.sh"
timeout_seconds = 10
`,
		want: with(func(c *contract.Contract) {
			c.FalsifiabilityClass = "liveness"
			c.Tests = []contract.Entry{{Type: "shell", Command: "./wait.sh", TimeoutSeconds: 10}}
		}),
	},
	// A TOML float with no fraction satisfies the schema's "integer" type,
	// so it must also be read as the timeout, up to int32's limit, so the
	// conversion cannot overflow an int on any platform.
	waitCase("integral float timeout", "10.0", 10),
	waitCase("integral float timeout at the int32 limit", "2147483647.0", 2147483647),
	waitCase("integral float timeout past the int32 limit is not read", "2147483648.0", 0),
	{
		name: "superseded with superseded_by",
		toml: strings.Replace(strings.Replace(header, `"active"`, `"superseded"`, 1), `superseded_by = ""`, `superseded_by = "empty-input-refused"`, 1) + shell,
		want: with(func(c *contract.Contract) {
			c.Status, c.SupersededBy = contract.Superseded, "empty-input-refused"
			c.Tests = []contract.Entry{{Type: "shell", Command: "go test ./core/... -run '^TestX$'"}}
		}),
	},
	{
		name: "superseded_by may be omitted when active",
		toml: strings.Replace(header, "superseded_by = \"\"\n", "", 1),
		want: base(),
	},
	{
		name: "no tests is valid here; check reports no-tests-declared",
		toml: header,
		want: base(),
	},
	{
		name: "unknown archetype is valid here; check warns",
		toml: strings.Replace(header, `"PF"`, `"ZZ"`, 1),
		want: with(func(c *contract.Contract) { c.Archetype = "ZZ" }),
	},
	{
		name: "inline tables",
		toml: header + `tests = { shell = [{ command = "true" }], unit = [{ flags = "-x" }] }` + "\n",
		want: with(func(c *contract.Contract) {
			c.Tests = []contract.Entry{{Type: "shell", Command: "true"}, {Type: "unit", Flags: "-x"}}
		}),
	},
}

func TestDecodeValid(t *testing.T) {
	for _, tt := range validCases {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := contract.Decode(path, []byte(tt.toml))
			require.Empty(t, problems, "Decode problems")
			assert.Equal(t, tt.want, got)
		})
	}
}

// problemCase expects exactly one problem per kind in kinds, in that order,
// and each of contains in the joined messages.
type problemCase struct {
	name     string
	toml     string
	kinds    []finding.Kind
	contains []string
}

var problemCases = []problemCase{
	{
		name:     "TOML syntax error has path, line and column",
		toml:     header + "[[tests.shell]]\ncommand = \"unterminated\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{path + ":8:", "invalid TOML"},
	},
	{
		// Issue 28: a regex escape in a basic string names the fix.
		name:     "invalid escape suggests a literal string",
		toml:     header + "[[tests.vitest]]\nflags = \"-t \\\"a \\(b\\)\\\"\"\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{path + ":8:", "invalid escape", "write the value as a single-quoted TOML literal string ('...'), which keeps every backslash"},
	},
	{
		name:     "duplicate key is a syntax error",
		toml:     header + `id = "again"` + "\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{path + ":7:", "invalid TOML"},
	},
	{
		name:     "missing required keys",
		toml:     `id = "empty-input-rejected"` + "\n" + shell,
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{`"description"`, `"archetype"`, `"status"`, `"authored_with"`},
	},
	{
		name:     "empty document",
		toml:     "",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{`"id"`},
	},
	{
		name:     "unknown top-level key",
		toml:     header + `owner = "me"` + "\n" + shell,
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{`unknown key "owner"`},
	},
	{
		name:     "misspelt entry key",
		toml:     header + shell + "timout_seconds = 5\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.shell[0]", `unknown key "timout_seconds"`},
	},
	{
		name:     "case-variant key",
		toml:     strings.Replace(header, "id =", "ID =", 1) + shell,
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{`unknown key "ID"`, `missing required key "id"`},
	},
	{
		name:     "case-variant key next to the real one",
		toml:     header + `Status = "active"` + "\n" + shell,
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{`unknown key "Status"`},
	},
	{
		name:     "tests.mutation = true",
		toml:     header + "[tests]\nmutation = true\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.mutation"},
	},
	{
		name:     "non-shell entry without flags",
		toml:     header + "[[tests.unit]]\ntimeout_seconds = 5\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.unit[0]", `missing required key "flags"`},
	},
	{
		name:     "empty flags",
		toml:     header + "[[tests.unit]]\nflags = \"\"\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.unit[0].flags"},
	},
	{
		name:     "blank flags",
		toml:     header + "[[tests.unit]]\nflags = \"  \\t \"\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.unit[0].flags is blank"},
	},
	{
		name:     "blank command",
		toml:     header + "[[tests.shell]]\ncommand = \"   \"\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.shell[0].command is blank"},
	},
	{
		name:     "shell entry with flags instead of command",
		toml:     header + "[[tests.shell]]\nflags = \"-v\"\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.shell[0]", `missing required key "command"`, `unknown key "flags"`},
	},
	{
		name:     "custom entry without runner",
		toml:     header + "[[tests.custom]]\nflags = \"x\"\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.custom[0]", `"runner"`},
	},
	{
		name:     "timeout_seconds 0",
		toml:     header + shell + "timeout_seconds = 0\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.shell[0].timeout_seconds"},
	},
	{
		name:     "timeout_seconds as a string",
		toml:     header + shell + "timeout_seconds = \"10\"\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.shell[0].timeout_seconds"},
	},
	{
		name:     "timeout_seconds with a fraction",
		toml:     header + shell + "timeout_seconds = 1.5\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.shell[0].timeout_seconds"},
	},
	{
		name:     "id of the wrong type",
		toml:     strings.Replace(header, `id = "empty-input-rejected"`, "id = 3", 1) + shell,
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"id:"},
	},
	{
		name:     "tests entry not a table",
		toml:     header + "[tests]\nunit = [\"-k x\"]\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.unit[0]"},
	},
	{
		name:     "test type with a space",
		toml:     header + "[[tests.\"my unit\"]]\nflags = \"x\"\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{`tests: invalid key "my unit"`},
	},
	{
		name:     "duplicate resources",
		toml:     header + shell + "resources = [\"db\", \"db\"]\n",
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"tests.shell[0].resources"},
	},
	{
		name:     "derived_from without hash",
		toml:     header + `derived_from = "gate.P-discovery"` + "\n" + shell,
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"derived_from"},
	},
	{
		name:     "quality.mutation threshold above 1",
		toml:     header + "[quality.mutation]\nthreshold = 2\n" + shell,
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"quality.mutation.threshold"},
	},
	{
		name:     "status paused",
		toml:     strings.Replace(header, `"active"`, `"paused"`, 1) + shell,
		kinds:    []finding.Kind{finding.InvalidStatus},
		contains: []string{"status"},
	},
	{
		name:     "falsifiability_class eventual",
		toml:     header + `falsifiability_class = "eventual"` + "\n" + shell,
		kinds:    []finding.Kind{finding.InvalidFalsifiabilityClass},
		contains: []string{"falsifiability_class"},
	},
	{
		name:     "status, class and shape problems each have their kind",
		toml:     strings.Replace(header, `"active"`, `"paused"`, 1) + `falsifiability_class = "eventual"` + "\n" + "[[tests.unit]]\n",
		kinds:    []finding.Kind{finding.InvalidStatus, finding.InvalidFalsifiabilityClass, finding.MalformedContract},
		contains: []string{"status", "falsifiability_class", `missing required key "flags"`},
	},
	{
		name:     "superseded without superseded_by",
		toml:     strings.Replace(strings.Replace(header, `"active"`, `"superseded"`, 1), "superseded_by = \"\"\n", "", 1) + shell,
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"superseded_by"},
	},
	{
		name:     "superseded with empty superseded_by",
		toml:     strings.Replace(header, `"active"`, `"superseded"`, 1) + shell,
		kinds:    []finding.Kind{finding.MalformedContract},
		contains: []string{"superseded_by"},
	},
}

func TestDecodeProblems(t *testing.T) {
	for _, tt := range problemCases {
		t.Run(tt.name, func(t *testing.T) {
			_, problems := contract.Decode(path, []byte(tt.toml))
			kinds := make([]finding.Kind, len(problems))
			var msgs []string
			for i, p := range problems {
				kinds[i] = p.Kind
				msgs = append(msgs, p.Message)
				assert.True(t, strings.HasPrefix(p.Message, path), "message %q does not start with the contract path", p.Message)
			}
			require.Equal(t, tt.kinds, kinds, "Decode problem kinds; messages: %q", msgs)
			joined := strings.Join(msgs, "\n")
			for _, want := range tt.contains {
				assert.Contains(t, joined, want)
			}
		})
	}
}

// TestDecodePartial protects the checks that run on malformed contracts:
// id-mismatch and no-tests-declared need the fields that could be read.
func TestDecodePartial(t *testing.T) {
	toml := strings.Replace(header, `"active"`, `"paused"`, 1) + "[[tests.unit]]\ntimout = 1\n" + shell
	got, problems := contract.Decode(path, []byte(toml))
	require.NotEmpty(t, problems)
	assert.Equal(t, "empty-input-rejected", got.ID)
	assert.Equal(t, "paused", got.Status)
	assert.Equal(t, []contract.Entry{{Type: "shell", Command: "go test ./core/... -run '^TestX$'"}, {Type: "unit"}}, got.Tests)
}

func TestDecodeSyntaxErrorKeepsOnlyPath(t *testing.T) {
	got, problems := contract.Decode(path, []byte("id = \n"))
	require.Len(t, problems, 1)
	assert.Regexp(t, `^`+strings.ReplaceAll(path, ".", `\.`)+`:1:\d+: invalid TOML: `, problems[0].Message)
	assert.Equal(t, contract.Contract{Path: path}, got)
}

func TestHasTimeout(t *testing.T) {
	tests := []struct {
		name  string
		tests []contract.Entry
		want  bool
	}{
		{name: "no tests"},
		{name: "no timeout", tests: []contract.Entry{{Type: "shell"}}},
		{name: "one of two", tests: []contract.Entry{{Type: "shell"}, {Type: "unit", TimeoutSeconds: 3}}, want: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, contract.Contract{Tests: tt.tests}.HasTimeout())
		})
	}
}

// TestDecodeDropsRefusedTypeNames: a test type the schema refuses is a
// problem, and its entries are no bindings (FuzzDecode found `[[tests.""]]`
// giving an entry with an empty type).
func TestDecodeDropsRefusedTypeNames(t *testing.T) {
	for _, name := range []string{`""`, `"a b"`, `"x.y"`} {
		toml := header + "[[tests." + name + "]]\nflags = \"x\"\n" + shell
		got, problems := contract.Decode(path, []byte(toml))
		require.NotEmpty(t, problems, name)
		assert.Equal(t, []contract.Entry{{Type: "shell", Command: "go test ./core/... -run '^TestX$'"}}, got.Tests, name)
	}
}
