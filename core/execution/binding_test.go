package execution_test

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/core/finding"
)

// mustConfig parses a config.toml body (tool_version is added).
func mustConfig(t *testing.T, body string) config.Config {
	t.Helper()
	cfg, err := config.Parse([]byte("tool_version = \"0.1.0\"\n" + body))
	require.NoError(t, err)
	return cfg
}

// binding builds a binding of scenario "<capability>/<id>" for entry e.
func binding(capability, id string, e contract.Entry) execution.Binding {
	line := 3
	return execution.Binding{
		Capability:   capability,
		SpecPath:     "openspec/specs/" + capability + "/spec.md",
		ContractPath: ".espectacular/" + capability + "/" + id + ".toml",
		Scenario:     finding.ScenarioRef{ID: id, Title: id, Line: &line},
		Entry:        e,
	}
}

const runnersTOML = `
[runners]
unit = ["uv", "run", "pytest"]

[runners.integration]
command = ["./it.sh", "--ci"]

[runners.custom.make]
command = ["make", "-s"]
`

// resolved is the part of an invocation the Resolve tests compare.
type resolved struct {
	Type    string
	Argv    []string
	Timeout time.Duration
	Command string
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name   string
		config string
		entry  contract.Entry
		want   resolved
	}{
		{
			name:  "shell runs through /bin/sh -c",
			entry: contract.Entry{Type: "shell", Command: "go test ./... -run 'TestX$'"},
			want: resolved{
				Type:    "shell",
				Argv:    []string{"/bin/sh", "-c", "go test ./... -run 'TestX$'"},
				Timeout: 60 * time.Second,
				Command: "go test ./... -run 'TestX$'",
			},
		},
		{
			name:   "runner argv then the flags as one word",
			config: runnersTOML,
			entry:  contract.Entry{Type: "unit", Flags: "tests/test_parser.py::test_empty_input"},
			want: resolved{
				Type:    "unit",
				Argv:    []string{"uv", "run", "pytest", "tests/test_parser.py::test_empty_input"},
				Timeout: 60 * time.Second,
				Command: "uv run pytest tests/test_parser.py::test_empty_input",
			},
		},
		{
			name:   "quoted flags keep their spaces",
			config: runnersTOML,
			entry:  contract.Entry{Type: "unit", Flags: `-k 'empty and not slow'  --tb=short "a \"b\" c"`},
			want: resolved{
				Type:    "unit",
				Argv:    []string{"uv", "run", "pytest", "-k", "empty and not slow", "--tb=short", `a "b" c`},
				Timeout: 60 * time.Second,
				Command: `uv run pytest -k 'empty and not slow' --tb=short 'a "b" c'`,
			},
		},
		{
			name:   "flags are not expanded",
			config: runnersTOML,
			entry:  contract.Entry{Type: "unit", Flags: `$HOME *.py ~ "$PATH"`},
			want: resolved{
				Type:    "unit",
				Argv:    []string{"uv", "run", "pytest", "$HOME", "*.py", "~", "$PATH"},
				Timeout: 60 * time.Second,
				Command: `uv run pytest '$HOME' '*.py' '~' '$PATH'`,
			},
		},
		{
			name:   "table form runner",
			config: runnersTOML,
			entry:  contract.Entry{Type: "integration", Flags: "-k table"},
			want: resolved{
				Type:    "integration",
				Argv:    []string{"./it.sh", "--ci", "-k", "table"},
				Timeout: 60 * time.Second,
				Command: "./it.sh --ci -k table",
			},
		},
		{
			name:   "custom entry runs its named runner",
			config: runnersTOML,
			entry:  contract.Entry{Type: "custom", Runner: "make", Flags: "test-parser"},
			want: resolved{
				Type:    "custom",
				Argv:    []string{"make", "-s", "test-parser"},
				Timeout: 60 * time.Second,
				Command: "make -s test-parser",
			},
		},
		{
			name:   "custom entry without flags",
			config: runnersTOML,
			entry:  contract.Entry{Type: "custom", Runner: "make"},
			want: resolved{
				Type:    "custom",
				Argv:    []string{"make", "-s"},
				Timeout: 60 * time.Second,
				Command: "make -s",
			},
		},
		{
			name:   "default timeout from [execution]",
			config: "[execution]\ndefault_timeout_seconds = 7\n",
			entry:  contract.Entry{Type: "shell", Command: "true"},
			want: resolved{
				Type: "shell", Argv: []string{"/bin/sh", "-c", "true"}, Timeout: 7 * time.Second, Command: "true",
			},
		},
		{
			name:   "timeout per entry wins",
			config: "[execution]\ndefault_timeout_seconds = 7\n",
			entry:  contract.Entry{Type: "shell", Command: "true", TimeoutSeconds: 3},
			want: resolved{
				Type: "shell", Argv: []string{"/bin/sh", "-c", "true"}, Timeout: 3 * time.Second, Command: "true",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := resolve(mustConfig(t, tt.config), binding("compiler", "empty-input", tt.entry))
			require.NoError(t, err)
			assert.Equal(t, tt.want, resolved{Type: got.Type, Argv: got.Argv, Timeout: got.Timeout, Command: got.Command})
		})
	}
}

func TestResolveErrors(t *testing.T) {
	tests := []struct {
		name  string
		entry contract.Entry
		want  string
	}{
		{name: "unconfigured type", entry: contract.Entry{Type: "e2e", Flags: "-x"}, want: "tests.e2e has no runner: add e2e = "},
		{name: "unknown custom runner", entry: contract.Entry{Type: "custom", Index: 1, Runner: "bazel"}, want: `tests.custom[1] names runner "bazel" but .espectacular/config.toml has no [runners.custom.bazel] block`},
		{name: "unterminated quote", entry: contract.Entry{Type: "unit", Flags: `-k 'open`}, want: "unterminated quote"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := resolve(mustConfig(t, runnersTOML), binding("compiler", "empty-input", tt.entry))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestResolveDoesNotAliasConfig guards against appending flags into the
// runner's backing array, which would let two bindings overwrite each
// other's argv.
func TestResolveDoesNotAliasConfig(t *testing.T) {
	cfg := mustConfig(t, runnersTOML)
	r := cfg.Runners["unit"]
	r.Command = append(make([]string, 0, 8), r.Command...)
	cfg.Runners["unit"] = r

	a, err := resolve(cfg, binding("c", "a", contract.Entry{Type: "unit", Flags: "a"}))
	require.NoError(t, err)
	b, err := resolve(cfg, binding("c", "b", contract.Entry{Type: "unit", Flags: "b"}))
	require.NoError(t, err)
	assert.Equal(t, []string{"uv", "run", "pytest", "a"}, a.Argv)
	assert.Equal(t, []string{"uv", "run", "pytest", "b"}, b.Argv)
}

func TestBindingRef(t *testing.T) {
	b := binding("compiler", "empty-input", contract.Entry{Type: "unit", Index: 2})
	assert.Equal(t, "compiler/empty-input tests.unit[2]", b.Ref())
}

// TestResolveHugeTimeoutMeansNoBound: a timeout too large for a duration
// must not overflow into a negative (or tiny) bound.
// The largest timeout a duration holds is still a bound.
func TestResolveHugeTimeoutMeansNoBound(t *testing.T) {
	largest := int(math.MaxInt64 / int64(time.Second))
	tests := []struct {
		seconds int
		want    time.Duration
	}{
		{1 << 62, 0},
		{largest + 1, 0},
		{largest, time.Duration(largest) * time.Second},
	}
	for _, tt := range tests {
		cfg := config.Config{DefaultTimeoutSeconds: 60}
		b := execution.Binding{Entry: contract.Entry{Type: "shell", Command: "true", TimeoutSeconds: tt.seconds}}
		inv, err := resolve(cfg, b)
		require.NoError(t, err)
		assert.Equal(t, tt.want, inv.Timeout, "timeout_seconds = %d", tt.seconds)
	}
}
