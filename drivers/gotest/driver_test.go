package gotest_test

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/driverstest"
	"github.com/espectacular/ah/drivers/gotest"
	"github.com/espectacular/ah/ports"
)

func TestRunsFramework(t *testing.T) {
	driverstest.RunsFramework(t, gotest.New(), [][]string{
		{"go", "test"},
		{"/usr/local/go/bin/go", "test", "./..."},
	}, [][]string{
		{"go", "vet"},
		{"gotestsum", "--", "./..."},
		{"make", "go", "test"},
	})
}

func TestPrepare(t *testing.T) {
	tests := []struct {
		name string
		argv []string
		want []string
	}{
		// No -count=1: go's test cache replays a pass of the same test
		// binary with the same flags, files and environment (issue 29).
		{"right after test", []string{"go", "test", "./internal/parser", "-run", "^TestX$"},
			[]string{"go", "test", "-json", "./internal/parser", "-run", "^TestX$"}},
		{"a fresh run when the entry asks", []string{"go", "test", "-count=1", "./..."},
			[]string{"go", "test", "-json", "-count=1", "./..."}},
		{"a flag the entry sets wins", []string{"go", "test", "-count=3", "./..."},
			[]string{"go", "test", "-json", "-count=3", "./..."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := gotest.New().Prepare(tt.argv, "/scratch")
			assert.NotNil(t, p.Stream, "stdout is parsed while it streams")
			p.Stream = nil
			assert.Equal(t, ports.Prepared{Argv: tt.want, TailBytes: gotest.OutputBytes}, p)
		})
	}
	argv := []string{"gotestsum", "./..."}
	assert.Equal(t, ports.Prepared{Argv: argv}, gotest.New().Prepare(argv, "/scratch"))
}

// TestFresh: under --strict a go run never replays go's test cache, a file
// under GOCACHE that a test could have written (the wave-3 principle):
// -count=1 goes right after test unless the entry sets a count itself.
func TestFresh(t *testing.T) {
	var _ ports.Refresher = gotest.New()
	d := gotest.New()
	assert.Equal(t, []string{"go", "test", "-count=1", "./a", "-run", "^TestX$"}, d.Fresh([]string{"go", "test", "./a", "-run", "^TestX$"}))
	assert.Equal(t, []string{"go", "test", "-count=3", "./a"}, d.Fresh([]string{"go", "test", "-count=3", "./a"}))
	assert.Equal(t, []string{"gotestsum", "./..."}, d.Fresh([]string{"gotestsum", "./..."}))
}

func TestDetection(t *testing.T) {
	d := gotest.New()
	assert.True(t, d.Manifest(fstest.MapFS{"go.mod": {Data: []byte("// comment\nmodule example.com/x\n\ngo 1.26\n")}}))
	assert.False(t, d.Manifest(fstest.MapFS{"go.mod": {Data: []byte("go 1.26\n")}}))
	assert.False(t, d.Manifest(fstest.MapFS{}))
	assert.True(t, d.Framework().SourceFile("internal/x/x_test.go"))
	assert.False(t, d.Framework().SourceFile("internal/x/x.go"))
	assert.True(t, d.Framework().Imports([]byte("package x\n\nimport \"testing\"\n")))
	assert.True(t, d.Framework().Imports([]byte("package x\n\nimport (\n\t\"fmt\"\n\t\"testing\"\n)\n")))
	assert.False(t, d.Framework().Imports([]byte("package x\n\nimport \"testing/fstest\"\n")))
	probes := d.Probes(fstest.MapFS{})
	require.Len(t, probes, 1)
	assert.Equal(t, "1.26.8", probes[0].Version([]byte("go version go1.26.8 linux/amd64\n"), nil))
}

func TestDriverParse(t *testing.T) {
	stdout, err := os.ReadFile(filepath.Join("testdata", "go-test-json-run-fail.json"))
	require.NoError(t, err)
	full := ports.Result{Stdout: stdout, StdoutBytes: int64(len(stdout))}
	assert.Equal(t, gotest.Parse(stdout), gotest.New().Parse(full, nil))
	cut := full
	cut.StdoutBytes++
	assert.Equal(t, ports.TestReport{}, gotest.New().Parse(cut, nil), "a stream cut by the tail is unparsed")
}

func TestTranscript(t *testing.T) {
	stream := "{\"Action\":\"start\",\"Package\":\"p\"}\n" +
		"{\"Action\":\"output\",\"Package\":\"p\",\"Test\":\"TestA\",\"Output\":\"=== RUN   TestA\\n\"}\n" +
		"plain text from a binary\n" +
		"{\"Action\":\"output\",\"Package\":\"p\",\"Output\":\"FAIL\\tp\\t0.01s\\n\"}\n" +
		"{\"Action\":\"output\",\"Output\":\"cut mid-way"
	want := "=== RUN   TestA\nplain text from a binary\nFAIL\tp\t0.01s\n{\"Action\":\"output\",\"Output\":\"cut mid-way"
	assert.Equal(t, want, string(gotest.New().Transcript([]byte(stream))))
}
