package drivers_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers"
	"github.com/espectacular/ah/ports"
)

func TestLookup(t *testing.T) {
	for alias, want := range map[string]string{
		"pytest": "pytest", "python": "pytest", "cargo": "cargo", "rust": "cargo",
		"vitest": "vitest", "typescript": "vitest", "javascript": "vitest", "go": "go",
	} {
		d, ok := drivers.Lookup(alias)
		require.True(t, ok, alias)
		assert.Equal(t, want, d.Framework().Name, alias)
	}
	_, ok := drivers.Lookup("unit")
	assert.False(t, ok)
	assert.Equal(t, []string{"pytest", "cargo", "vitest", "go"}, drivers.Names())
}

// TestDriverContract holds every bundled driver to the same rules: the
// commands it would run are recognised as its own, preparing them adds to
// the argv without losing a word, and a command of another program is left
// exactly as configured.
func TestDriverContract(t *testing.T) {
	for _, d := range drivers.All() {
		t.Run(d.Framework().Name, func(t *testing.T) {
			repo := fstest.MapFS{}
			def := d.DefaultCommand(repo)
			assert.True(t, d.RunsFramework(def), "its default command %q runs it", def)
			for _, p := range d.Probes(repo) {
				cmd := p.Command
				if p.CommandOf != nil {
					// The command comes from the probe's output (pytest's
					// script interpreter): check a typical one.
					cmd = p.CommandOf([]byte("/usr/bin/python3\n"))
				}
				assert.True(t, d.RunsFramework(cmd), "probe command %q runs it", cmd)
				assert.NotNil(t, p.Version)
			}
			argv := append(append([]string{}, def...), "some-selector")
			p := d.Prepare(argv, "/scratch")
			assert.Subset(t, p.Argv, argv)
			assert.Equal(t, "some-selector", p.Argv[indexOf(p.Argv, "some-selector")])
			assert.Less(t, indexOf(p.Argv, def[len(def)-1]), indexOf(p.Argv, "some-selector"), "flags keep their order")

			other := []string{"make", "check"}
			assert.False(t, d.RunsFramework(other))
			assert.Equal(t, ports.Prepared{Argv: other}, d.Prepare(other, "/scratch"))
			assert.False(t, d.Parse(ports.Result{}, nil).Parsed, "no output at all is never a parsed report")
		})
	}
}

func indexOf(xs []string, s string) int {
	for i, x := range xs {
		if x == s {
			return i
		}
	}
	return -1
}

// TestCapabilitiesDeclared keeps the registry's declared capabilities equal
// to what each driver's type implements (issue 40): a capability added or
// lost shows here, not in a silently different run.
func TestCapabilitiesDeclared(t *testing.T) {
	for _, e := range drivers.Registry {
		d := e.New()
		t.Run(d.Framework().Name, func(t *testing.T) {
			assert.ElementsMatch(t, e.Capabilities, drivers.Has(d), "declared capabilities of %s", d.Framework().Name)
		})
	}
}
