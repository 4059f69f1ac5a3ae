package cli_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

const syncSpec = "---\nid: gate\n---\n## Properties\n| id | kind | derives_from | generator | predicate |\n| --- | --- | --- | --- | --- |\n| P-a | unit | [[gate.C-a]] | g | p |\n"

// TestSyncRun: ah sync gets its spk from Deps.Spk with the [spk] command
// and the repository root, and writes only through the writer port;
// --check writes nothing.
func TestSyncRun(t *testing.T) {
	root := writeRepo(t, map[string]string{
		".espectacular/config.toml":   "tool_version = \"0.1.0\"\n[spk]\ncommand = [\"my-spk\", \"--\"]\n",
		"openspec/specs/gate/spec.md": syncSpec,
	})
	k := "unit"
	spk := &portstest.Spk{Specs: map[string]ports.SpkSpec{"openspec/specs/gate/spec.md": {Properties: []ports.SpkRow{{ID: "P-a", Kind: &k, Cells: map[string]string{"predicate": "p"}}}}}}
	for _, tt := range []struct {
		args   []string
		code   int
		writes int
	}{
		{[]string{"sync", "--check"}, 1, 0},
		{[]string{"sync"}, 0, 1},
	} {
		var out, errb bytes.Buffer
		w := &recordingWriter{}
		d := cli.System()
		d.Streams = &cli.IOStreams{Out: &out, Err: &errb}
		d.NewWriter = func(r string) ports.Writer { w.root = r; return w }
		var gotArgv []string
		var gotRoot string
		d.Spk = func(argv []string, r string) ports.Spk { gotArgv, gotRoot = argv, r; return spk }
		code := cli.Main(context.Background(), append(tt.args, "-C", root), d)
		assert.Equal(t, tt.code, code, "%v: %s%s", tt.args, out.String(), errb.String())
		assert.Equal(t, []string{"my-spk", "--"}, gotArgv)
		assert.Equal(t, root, gotRoot)
		require.Len(t, w.writes, tt.writes, "%v", tt.args)
		if tt.writes > 0 {
			assert.Equal(t, ".espectacular/gate/p-a.toml", w.writes[0].name)
		}
	}
}

// TestSyncWithoutSpk: an embedding program that wires no spk gets the
// spk-unavailable refusal, not a panic; text and json only.
func TestSyncWithoutSpk(t *testing.T) {
	root := writeRepo(t, map[string]string{".espectacular/config.toml": "tool_version = \"0.1.0\"\n", "openspec/specs/gate/spec.md": syncSpec})
	var out, errb bytes.Buffer
	d := cli.System()
	d.Streams = &cli.IOStreams{Out: &out, Err: &errb}
	d.Spk = nil
	assert.Equal(t, 1, cli.Main(context.Background(), []string{"sync", "-C", root}, d))
	assert.Contains(t, out.String(), "refused spk-unavailable: spk is not available: this program wires no spk")
	out.Reset()
	assert.Equal(t, 2, cli.Main(context.Background(), []string{"sync", "--format", "sarif", "-C", root}, d))
}

// TestSyncCapabilities: ah sync [--check] CAP... derives and reports only
// the named capabilities; one naming nothing exits 2 as ah check does for
// an unknown unit, with a JSON error envelope under --json, and runs no spk.
func TestSyncCapabilities(t *testing.T) {
	root := writeRepo(t, map[string]string{
		".espectacular/config.toml":   "tool_version = \"0.1.0\"\n",
		"openspec/specs/gate/spec.md": syncSpec,
		"openspec/specs/api/spec.md":  strings.Replace(syncSpec, "id: gate", "id: api", 1),
	})
	k := "unit"
	rows := ports.SpkSpec{Properties: []ports.SpkRow{{ID: "P-a", Kind: &k, Cells: map[string]string{"predicate": "p"}}}}
	tests := []struct {
		args           []string
		code           int
		writes, stdout []string
		// notOut must not appear on stdout: the unselected capability.
		notOut, stderr string
	}{
		{[]string{"sync", "gate"}, 0, []string{".espectacular/gate/p-a.toml"}, []string{"missing .espectacular/gate/p-a.toml", "ah sync: 1 derived contracts"}, "api", ""},
		{[]string{"sync", "--check", "api"}, 1, nil, []string{"missing .espectacular/api/p-a.toml", "ah sync --check: 1 derived contracts"}, "gate", ""},
		{[]string{"sync", "api", "gate"}, 0, []string{".espectacular/api/p-a.toml", ".espectacular/gate/p-a.toml"}, []string{"ah sync: 2 derived contracts"}, "refused spk", ""},
		{[]string{"sync", "gat"}, 2, nil, nil, "derived", "ah sync \"gat\" names no capability in scope; close capabilities: gate\n"},
		{[]string{"sync", "--check", "gate/p-a", "--json"}, 2, nil, []string{`"code": 2,`, `"message": "ah sync \"gate/p-a\" names no capability in scope; close capabilities: gate"`}, "derived", "ah sync \"gate/p-a\" names no capability in scope; close capabilities: gate\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			w := &recordingWriter{}
			spk := &portstest.Spk{Specs: map[string]ports.SpkSpec{"openspec/specs/gate/spec.md": rows, "openspec/specs/api/spec.md": rows}}
			d := cli.System()
			d.Streams = &cli.IOStreams{Out: &out, Err: &errb}
			d.NewWriter = func(string) ports.Writer { return w }
			d.Spk = func([]string, string) ports.Spk { return spk }
			code := cli.Main(context.Background(), append(tt.args, "-C", root), d)
			require.Equal(t, tt.code, code, "%s%s", out.String(), errb.String())
			var written []string
			for _, wr := range w.writes {
				written = append(written, wr.name)
			}
			assert.Equal(t, tt.writes, written)
			for _, s := range tt.stdout {
				assert.Contains(t, out.String(), s)
			}
			assert.NotContains(t, out.String(), tt.notOut)
			if tt.code == 2 {
				assert.Empty(t, spk.Calls())
			}
			assert.Equal(t, tt.stderr, errb.String())
		})
	}
}
