package cli_test

import (
	"bytes"
	"context"
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
