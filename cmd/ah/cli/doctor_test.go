package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// recordingWriter is a ports.Writer that only records: a test using it
// proves that every write of a command goes through the port.
type recordingWriter struct {
	mu     sync.Mutex
	root   string
	writes []write
}

type write struct {
	root, name string
	data       []byte
	perm       fs.FileMode
}

func (w *recordingWriter) WriteFile(_ context.Context, name string, data []byte, perm fs.FileMode) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.writes = append(w.writes, write{w.root, name, append([]byte(nil), data...), perm})
	return nil
}

// Update reads the file from disk, like the real writer, and records the
// edited content with the file's permissions instead of writing it.
func (w *recordingWriter) Update(_ context.Context, name string, edit func([]byte) ([]byte, error)) error {
	file := filepath.Join(w.root, filepath.FromSlash(name))
	fi, err := os.Stat(file)
	if err != nil {
		return err
	}
	old, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	data, err := edit(old)
	if err != nil || data == nil {
		return err
	}
	return w.WriteFile(context.Background(), name, data, fi.Mode().Perm())
}

// doctorDeps wires a scripted process (go runs and reports go1.99.0; every
// other program is missing) and the recording writer.
func doctorDeps(out, errb *bytes.Buffer, w *recordingWriter) (*cli.Deps, *portstest.Process) {
	proc := &portstest.Process{
		Responses: map[string]portstest.ProcessResponse{
			portstest.ProcessKey("go", "version"): {Result: ports.Result{Stdout: []byte("go version go1.99.0 linux/amd64\n")}},
		},
		Default: portstest.ProcessNotFound("tool"),
	}
	d := cli.System()
	d.Streams = &cli.IOStreams{Out: out, Err: errb}
	d.Getenv = func(string) string { return "" }
	d.Process = proc
	d.NewWriter = func(root string) ports.Writer { w.root = root; return w }
	return d, proc
}

func goRepo(t *testing.T, perm fs.FileMode) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range map[string]string{
		".espectacular/config.toml": "tool_version = \"0.1.0\"\n",
		"go.mod":                    "module example.com/x\n\ngo 1.26\n",
		"openspec/specs/.keep":      "",
		"openspec/changes/.keep":    "",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	require.NoError(t, os.Chmod(filepath.Join(root, ".espectacular", "config.toml"), perm))
	return root
}

// TestDoctorReportsProbedVersion: detection runs through the process port,
// and the version a probe reports reaches adapters[].
func TestDoctorReportsProbedVersion(t *testing.T) {
	root := goRepo(t, 0o644)
	var out, errb bytes.Buffer
	w := &recordingWriter{}
	d, proc := doctorDeps(&out, &errb, w)
	code := cli.Main(t.Context(), []string{"doctor", "--json", "-C", root}, d)
	require.Equal(t, 0, code, errb.String())
	var env struct {
		OK   bool `json:"ok"`
		Data struct {
			Adapters []map[string]any `json:"adapters"`
			Findings []map[string]any `json:"findings"`
		} `json:"data"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &env))
	assert.True(t, env.OK)
	require.Len(t, env.Data.Adapters, 1)
	assert.Equal(t, "1.99.0", env.Data.Adapters[0]["version"])
	assert.Equal(t, "manifest", env.Data.Adapters[0]["detection_source"])
	require.Len(t, env.Data.Findings, 1)
	assert.Equal(t, "ah doctor --enable go", env.Data.Findings[0]["apply_command"])
	assert.NotEmpty(t, proc.Calls())
	for _, c := range proc.Calls() {
		assert.Equal(t, root, c.Dir, "probes run at the repository root")
		assert.Positive(t, c.Timeout, "probes are bounded")
	}
	assert.Empty(t, w.writes, "a plain doctor never writes")
}

// TestDoctorEnableWritesThroughPort: --enable writes the config through the
// atomic writer port only, keeping the file's permissions; a second
// --enable writes nothing.
func TestDoctorEnableWritesThroughPort(t *testing.T) {
	root := goRepo(t, 0o600)
	var out, errb bytes.Buffer
	w := &recordingWriter{}
	d, _ := doctorDeps(&out, &errb, w)
	code := cli.Main(t.Context(), []string{"doctor", "--enable", "go", "-C", root}, d)
	require.Equal(t, 0, code, errb.String())
	require.Len(t, w.writes, 1)
	got := w.writes[0]
	assert.Equal(t, root, got.root)
	assert.Equal(t, ".espectacular/config.toml", got.name)
	assert.Equal(t, fs.FileMode(0o600), got.perm)
	assert.Contains(t, string(got.data), "[runners.go]\ncommand = [\"go\", \"test\"]\n")
	disk, err := os.ReadFile(filepath.Join(root, ".espectacular", "config.toml"))
	require.NoError(t, err)
	assert.Equal(t, "tool_version = \"0.1.0\"\n", string(disk), "nothing bypasses the writer")

	require.NoError(t, os.WriteFile(filepath.Join(root, ".espectacular", "config.toml"), got.data, 0o600))
	w.writes = nil
	out.Reset()
	code = cli.Main(t.Context(), []string{"doctor", "--enable", "go", "-C", root}, d)
	require.Equal(t, 0, code, errb.String())
	assert.Empty(t, w.writes)
	assert.Contains(t, out.String(), "go is already enabled")
}

func TestDoctorEnableParsing(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"unknown capability", []string{"doctor", "--enable", "jest"}, 2},
		{"missing argument", []string{"doctor", "--enable"}, 2},
		// An empty value (`--enable "$CAP"` with CAP unset) ran a plain
		// diagnosis instead of rejecting the capability.
		{"empty capability", []string{"doctor", "--enable", ""}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			d, proc := doctorDeps(&out, &errb, &recordingWriter{})
			assert.Equal(t, tt.code, cli.Main(t.Context(), tt.args, d))
			assert.Empty(t, proc.Calls(), "a usage error runs nothing")
		})
	}
}
