package config_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
)

const minimal = "tool_version = \"0.1.0\"\n"

// defaults is what a minimal config parses to.
func defaults() config.Config {
	return config.Config{
		ToolVersion:           "0.1.0",
		Specs:                 config.DefaultSpecs,
		Changes:               config.DefaultChanges,
		Runners:               map[string]config.Runner{},
		CustomRunners:         map[string]config.Runner{},
		Jobs:                  config.DefaultJobs,
		DefaultTimeoutSeconds: config.DefaultTimeoutSeconds,
		Mutation:              config.Mutation{Threshold: 0.8, TimeoutSeconds: 1800},
	}
}

func with(f func(*config.Config)) config.Config {
	c := defaults()
	f(&c)
	return c
}

var validCases = []struct {
	name string
	toml string
	want config.Config
}{
	{name: "minimal config gets defaults", toml: minimal, want: defaults()},
	{
		name: "paths cleaned",
		toml: minimal + "[paths]\nspecs = \"./docs//specs/\"\nchanges = \"docs\\\\changes\"\n",
		want: with(func(c *config.Config) { c.Specs, c.Changes = "docs/specs", "docs/changes" }),
	},
	{
		name: "dots inside a name are not a parent segment",
		toml: minimal + "[paths]\nspecs = \"a..b/specs\"\nchanges = \"..changes\"\n",
		want: with(func(c *config.Config) { c.Specs, c.Changes = "a..b/specs", "..changes" }),
	},
	{
		name: "current directory",
		toml: minimal + "[paths]\nspecs = \".\"\n",
		want: with(func(c *config.Config) { c.Specs = "." }),
	},
	{
		name: "plain runner form",
		toml: minimal + "[runners]\nunit = [\"uv\", \"run\", \"pytest\"]\n",
		want: with(func(c *config.Config) {
			c.Runners["unit"] = config.Runner{Command: []string{"uv", "run", "pytest"}}
		}),
	},
	{
		name: "table runner forms",
		toml: minimal + "[runners.unit]\ncommand = [\"pytest\", \"-q\"]\nadapter = \"pytest\"\n\n[runners.rust]\nadapter = \"cargo\"\n\n[runners.e2e]\ncommand = [\"npx\", \"playwright\", \"test\"]\n",
		want: with(func(c *config.Config) {
			c.Runners["unit"] = config.Runner{Command: []string{"pytest", "-q"}, Adapter: "pytest"}
			c.Runners["rust"] = config.Runner{Adapter: "cargo"}
			c.Runners["e2e"] = config.Runner{Command: []string{"npx", "playwright", "test"}}
		}),
	},
	{
		name: "both runner forms together",
		toml: minimal + "[runners]\nunit = [\"pytest\"]\ngo = { command = [\"go\", \"test\"], adapter = \"go\" }\n",
		want: with(func(c *config.Config) {
			c.Runners["unit"] = config.Runner{Command: []string{"pytest"}}
			c.Runners["go"] = config.Runner{Command: []string{"go", "test"}, Adapter: "go"}
		}),
	},
	{
		name: "named custom runners",
		toml: minimal + "[runners.custom.bats]\ncommand = [\"bats\", \"--tap\"]\n\n[runners.custom.make]\ncommand = [\"make\"]\n",
		want: with(func(c *config.Config) {
			c.CustomRunners["bats"] = config.Runner{Command: []string{"bats", "--tap"}}
			c.CustomRunners["make"] = config.Runner{Command: []string{"make"}}
		}),
	},
	{
		name: "legacy custom runner array",
		toml: minimal + "[runners]\ncustom = [\"./scripts/run-test.sh\"]\n",
		want: with(func(c *config.Config) {
			c.CustomRunners["custom"] = config.Runner{Command: []string{"./scripts/run-test.sh"}}
		}),
	},
	{
		name: "execution",
		toml: minimal + "[execution]\njobs = 4\ndefault_timeout_seconds = 120\n",
		want: with(func(c *config.Config) { c.Jobs, c.DefaultTimeoutSeconds = 4, 120 }),
	},
	{
		// A TOML float with no fraction satisfies the schema's "integer".
		name: "execution with integral floats",
		toml: minimal + "[execution]\njobs = 2.0\ndefault_timeout_seconds = 30.0\n",
		want: with(func(c *config.Config) { c.Jobs, c.DefaultTimeoutSeconds = 2, 30 }),
	},
	{
		// integer admits a float up to math.MaxInt32, inclusive.
		name: "execution with the largest integral float",
		toml: minimal + "[execution]\njobs = 2147483647.0\ndefault_timeout_seconds = 2147483648.0\n",
		want: with(func(c *config.Config) { c.Jobs = 2147483647 }),
	},
	{
		name: "optional tables",
		toml: minimal + "[quality.mutation]\nenabled = true\nthreshold = 0.5\ncommand = [\"mutmut\"]\n\n[capabilities.mutation]\nenabled = false\n\n[lint]\nmax_and_steps = 3\n\n[spk]\nversion = \"1.2.0\"\n",
		want: with(func(c *config.Config) {
			c.Spk.Version = "1.2.0"
			c.Mutation = config.Mutation{Enabled: true, Threshold: 0.5, Command: []string{"mutmut"}, TimeoutSeconds: 1800}
		}),
	},
	{
		name: "spk command",
		toml: minimal + "[spk]\ncommand = [\"cargo\", \"run\", \"--\"]\n",
		want: with(func(c *config.Config) { c.Spk.Command = []string{"cargo", "run", "--"} }),
	},
	{
		// Issue 16: an integer threshold is a valid number; the timeout
		// bounds each tool run.
		name: "quality mutation integer threshold and timeout",
		toml: minimal + "[quality.mutation]\nthreshold = 1\ntimeout_seconds = 90\ncommand = [\"sh\", \"{}\"]\n",
		want: with(func(c *config.Config) {
			c.Mutation = config.Mutation{Threshold: 1, Command: []string{"sh", "{}"}, TimeoutSeconds: 90}
		}),
	},
}

func TestParse(t *testing.T) {
	for _, tt := range validCases {
		t.Run(tt.name, func(t *testing.T) {
			got, err := config.Parse([]byte(tt.toml))
			require.NoError(t, err, "Parse(%q)", tt.toml)
			assert.Equal(t, tt.want, got, "Parse(%q)", tt.toml)
		})
	}
}

func TestRunnerNames(t *testing.T) {
	got, err := config.Parse([]byte(minimal + "[runners]\nz = [\"z\"]\na = [\"a\"]\nm = [\"m\"]\ncustom = [\"c\"]\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "m", "z"}, got.RunnerNames())
}

// rejectCase expects a *config.Error whose problems mention every string
// in contains.
type rejectCase struct {
	name     string
	toml     string
	contains []string
}

var rejectCases = []rejectCase{
	{name: "parent segment", toml: minimal + "[paths]\nspecs = \"../specs\"\n", contains: []string{"paths.specs", "relative"}},
	{name: "inner parent segment", toml: minimal + "[paths]\nchanges = \"a/../../b\"\n", contains: []string{"paths.changes"}},
	{name: "trailing parent segment", toml: minimal + "[paths]\nspecs = \"a/..\"\n", contains: []string{"paths.specs"}},
	{name: "bare parent", toml: minimal + "[paths]\nspecs = \"..\"\n", contains: []string{"paths.specs"}},
	{name: "backslash parent segment", toml: minimal + "[paths]\nspecs = 'a\\..\\b'\n", contains: []string{"paths.specs"}},
	{name: "absolute path", toml: minimal + "[paths]\nspecs = \"/x\"\n", contains: []string{"paths.specs"}},
	{name: "windows drive path", toml: minimal + "[paths]\nspecs = 'C:\\x'\n", contains: []string{"paths.specs"}},
	{name: "windows drive forward slash", toml: minimal + "[paths]\nspecs = \"C:/x\"\n", contains: []string{"paths.specs"}},
	{name: "backslash root", toml: minimal + "[paths]\nspecs = '\\x'\n", contains: []string{"paths.specs"}},
	{name: "empty path", toml: minimal + "[paths]\nspecs = \"\"\n", contains: []string{"paths.specs"}},
	{name: "unknown paths key", toml: minimal + "[paths]\nspec = \"x\"\n", contains: []string{"paths", `"spec"`}},
	{name: "unknown top-level key", toml: minimal + "[runner]\nunit = [\"x\"]\n", contains: []string{`unknown key "runner"`}},
	{name: "case-variant key", toml: "Tool_Version = \"0.1.0\"\n", contains: []string{`"Tool_Version"`, `"tool_version"`}},
	{name: "missing tool_version", toml: "[paths]\nspecs = \"s\"\n", contains: []string{`"tool_version"`}},
	{name: "empty document", toml: "", contains: []string{`"tool_version"`}},
	{name: "tool_version of the wrong type", toml: "tool_version = 1\n", contains: []string{"tool_version"}},
	{name: "empty argv", toml: minimal + "[runners]\nunit = []\n", contains: []string{"runners.unit"}},
	{name: "empty program", toml: minimal + "[runners]\nunit = [\"\"]\n", contains: []string{"runners.unit"}},
	{name: "argv of numbers", toml: minimal + "[runners]\nunit = [1]\n", contains: []string{"runners.unit"}},
	{name: "runner table without command or adapter", toml: minimal + "[runners.unit]\n", contains: []string{"runners.unit"}},
	{name: "runner table with empty command", toml: minimal + "[runners.unit]\ncommand = []\n", contains: []string{"runners.unit"}},
	{name: "runner table unknown key", toml: minimal + "[runners.unit]\ncommand = [\"x\"]\ncmd = [\"y\"]\n", contains: []string{"runners.unit"}},
	{name: "unknown adapter", toml: minimal + "[runners.unit]\nadapter = \"jest\"\n", contains: []string{"runners.unit"}},
	{name: "runner name with a space", toml: minimal + "[runners]\n\"my unit\" = [\"x\"]\n", contains: []string{`runners: invalid key "my unit"`}},
	{name: "custom runner table without command", toml: minimal + "[runners.custom.bats]\n", contains: []string{"runners.custom"}},
	{name: "custom runner as a plain table", toml: minimal + "[runners.custom]\ncommand = [\"x\"]\n", contains: []string{"runners.custom"}},
	{name: "empty legacy custom", toml: minimal + "[runners]\ncustom = []\n", contains: []string{"runners.custom"}},
	// TOML's inf and nan are floats JSON cannot hold; the validator said
	// "invalid jsonType float64", which tells a user nothing.
	{name: "infinite jobs", toml: minimal + "[execution]\njobs = inf\n", contains: []string{"execution.jobs: got inf, which is not a finite number"}},
	{name: "nan timeout", toml: minimal + "[execution]\ndefault_timeout_seconds = nan\n", contains: []string{"execution.default_timeout_seconds: got nan, which is not a finite number"}},
	// exec cannot pass a NUL byte; the runner failed every test it ran
	// with "invalid argument".
	{name: "NUL byte in a runner", toml: minimal + "[runners]\nunit = [\"py\\u0000test\"]\n", contains: []string{`runners.unit[0] contains a NUL byte`}},
	{name: "NUL byte in a table runner", toml: minimal + "[runners.unit]\ncommand = [\"x\", \"\\u0000\"]\n", contains: []string{`runners.unit.command[1] contains a NUL byte`}},
	{name: "NUL byte in a custom runner", toml: minimal + "[runners.custom.lint]\ncommand = [\"\\u0000\"]\n", contains: []string{`runners.custom.lint.command[0] contains a NUL byte`}},
	// tests.shell entries never use a runner: a runner named shell was
	// silently ignored (issue 9).
	{name: "runner named shell", toml: minimal + "[runners]\nshell = [\"bwrap\", \"sh\"]\n", contains: []string{"runners.shell: shell is reserved", "/bin/sh -c", "[execution] wrapper"}},
	{name: "runner table named shell", toml: minimal + "[runners.shell]\nadapter = \"pytest\"\n", contains: []string{"runners.shell: shell is reserved"}},
	{name: "custom runner named shell", toml: minimal + "[runners.custom.shell]\ncommand = [\"x\"]\n", contains: []string{"runners.custom.shell: a custom runner cannot be named shell", `runner = "shell"`}},
	{name: "jobs 0", toml: minimal + "[execution]\njobs = 0\n", contains: []string{"execution.jobs"}},
	{name: "default timeout as string", toml: minimal + "[execution]\ndefault_timeout_seconds = \"60\"\n", contains: []string{"execution.default_timeout_seconds"}},
	{name: "fractional timeout", toml: minimal + "[execution]\ndefault_timeout_seconds = 1.5\n", contains: []string{"execution.default_timeout_seconds"}},
	{name: "unknown execution key", toml: minimal + "[execution]\nparallel = 2\n", contains: []string{"execution", `"parallel"`}},
	{name: "several problems reported together", toml: "[paths]\nspecs = \"/abs\"\n[bogus]\n", contains: []string{`"tool_version"`, "paths.specs", `"bogus"`}},
	{name: "syntax error", toml: minimal + "[paths\nspecs = \"x\"\n", contains: []string{"line 2, column", "invalid TOML"}},
	{name: "duplicate key", toml: minimal + "tool_version = \"0.2.0\"\n", contains: []string{"line 2, column", "invalid TOML"}},
	{name: "unterminated string", toml: "tool_version = \"0.1.0\n", contains: []string{"line 1, column", "invalid TOML"}},
}

func TestParseRejects(t *testing.T) {
	for _, tt := range rejectCases {
		t.Run(tt.name, func(t *testing.T) {
			_, err := config.Parse([]byte(tt.toml))
			require.Error(t, err, "Parse(%q)", tt.toml)
			var cerr *config.Error
			require.True(t, errors.As(err, &cerr), "Parse(%q) error %T, want *config.Error", tt.toml, err)
			assert.Equal(t, ".espectacular/config.toml", cerr.File)
			require.NotEmpty(t, cerr.Problems)
			assert.Contains(t, err.Error(), ".espectacular/config.toml")
			for _, want := range tt.contains {
				assert.Contains(t, err.Error(), want)
			}
		})
	}
}

func TestErrorMessage(t *testing.T) {
	err := &config.Error{File: config.Path, Problems: []string{"a: bad", "b: worse"}}
	assert.Equal(t, "invalid config .espectacular/config.toml: a: bad; b: worse", err.Error())
}

// TestSyntaxErrorMessage: a TOML syntax error names its line and column
// first, then what is wrong.
func TestSyntaxErrorMessage(t *testing.T) {
	_, err := config.Parse([]byte(minimal + "[paths\nspecs = \"x\"\n"))
	var cerr *config.Error
	require.ErrorAs(t, err, &cerr)
	assert.Equal(t, []string{`line 2, column 7: invalid TOML: expected '.' or ']' to end table name, but got '\n' instead`}, cerr.Problems)
}
