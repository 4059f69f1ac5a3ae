package cargo_test

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/cargo"
	"github.com/espectacular/ah/drivers/driverstest"
	"github.com/espectacular/ah/ports"
)

func TestRunsFramework(t *testing.T) {
	driverstest.RunsFramework(t, cargo.New(), [][]string{
		{"cargo", "test"},
		{"cargo", "t", "-p", "x"},
		{"cargo", "+nightly", "test"},
		{"cargo", "--locked", "test"},
		{"/home/u/.cargo/bin/cargo", "test"},
	}, [][]string{
		{"cargo", "nextest", "run"},
		{"cargo", "build"},
		{"make", "cargo", "test"},
		{"go", "test", "./cargo"},
	})
}

func TestPrepare(t *testing.T) {
	tests := []struct {
		name string
		argv []string
		want []string
	}{
		{"at the end", []string{"cargo", "test", "-p", "parser"},
			[]string{"cargo", "test", "-p", "parser", "--no-fail-fast", "--color=never"}},
		{"before the test binaries' arguments", []string{"cargo", "test", "tests::x", "--", "--exact"},
			[]string{"cargo", "test", "tests::x", "--no-fail-fast", "--color=never", "--", "--exact"}},
		{"a flag the entry sets is not repeated", []string{"cargo", "test", "--color", "always", "--", "--no-fail-fast"},
			[]string{"cargo", "test", "--color", "always", "--no-fail-fast", "--", "--no-fail-fast"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := cargo.New().Prepare(tt.argv, "/scratch")
			assert.Equal(t, tt.want, got.Argv)
			require.NotNil(t, got.Stream, "stdout is parsed as it streams")
			assert.Same(t, got.Stream.(*cargo.Stream).Stderr(), got.Stderr, "and stderr into the same stream")
			assert.Zero(t, got.TailBytes, "only the default tails are kept")
		})
	}
	argv := []string{"cargo", "nextest", "run"}
	assert.Equal(t, ports.Prepared{Argv: argv}, cargo.New().Prepare(argv, "/scratch"), "not cargo test: untouched")
}

func TestDetection(t *testing.T) {
	d := cargo.New()
	assert.True(t, d.Manifest(fstest.MapFS{"Cargo.toml": {Data: []byte("[package]\nname = \"x\"\n")}}))
	assert.False(t, d.Manifest(fstest.MapFS{"crates/x/Cargo.toml": {Data: []byte("[package]\n")}}), "only the root manifest: tests run from the root")
	assert.Nil(t, d.Framework().SourceFile, "Rust tests import no framework")
	assert.Equal(t, []string{"cargo", "test"}, d.DefaultCommand(fstest.MapFS{}))
	probes := d.Probes(fstest.MapFS{})
	require.Len(t, probes, 1)
	assert.Equal(t, []string{"cargo", "--version"}, probes[0].Argv)
	assert.Equal(t, "1.95.0", probes[0].Version([]byte("cargo 1.95.0 (f2d3ce0bd 2026-03-21)\n"), nil))
}

// Output longer than the kept tail is not parsed: a binary scrolled out of
// it could hide the only tests that ran.
func TestDriverParse(t *testing.T) {
	stdout, err := os.ReadFile(filepath.Join("testdata", "cargo-test-exact-pass.stdout"))
	require.NoError(t, err)
	stderr, err := os.ReadFile(filepath.Join("testdata", "cargo-test-exact-pass.stderr"))
	require.NoError(t, err)
	full := ports.Result{Stdout: stdout, Stderr: stderr, StdoutBytes: int64(len(stdout)), StderrBytes: int64(len(stderr))}
	got := cargo.New().Parse(full, nil)
	assert.True(t, got.Parsed)
	assert.Equal(t, cargo.Parse(stdout, stderr), got)

	cut := full
	cut.StdoutBytes += 100
	assert.Equal(t, ports.TestReport{}, cargo.New().Parse(cut, nil))
}
