package execution_test

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/execution"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// TestRunTool: a tool's files are in its scratch directory when its
// command runs in env.Dir, without the test wrapper, and the directory is
// gone afterwards; a scratch failure is a start error, nothing runs.
func TestRunTool(t *testing.T) {
	tool := execution.Tool{
		Argv:  func(dir string) []string { return []string{"mut", dir + "/run.sh"} },
		Files: map[string][]byte{"run.sh": []byte("go test\n")},
	}
	t.Run("runs", func(t *testing.T) {
		scratch := &portstest.Scratch{}
		var seen []byte
		proc := &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
			seen, _ = scratch.ReadFile("/scratch/1/run.sh")
			_, _ = io.WriteString(cmd.Stdout, "score 80%\n")
			return ports.Result{ExitCode: 3}, nil
		}}
		env := execution.Env{Process: proc, Dir: "/repo", Scratch: scratch, Wrapper: []string{"nice"}}
		r := execution.RunTool(t.Context(), env, tool)
		require.NoError(t, r.StartErr)
		assert.Equal(t, 3, r.Result.ExitCode)
		assert.Equal(t, "score 80%\n", string(r.Stdout))
		assert.Equal(t, "go test\n", string(seen))
		calls := proc.Calls()
		require.Len(t, calls, 1)
		assert.Equal(t, []string{"mut", "/scratch/1/run.sh"}, calls[0].Argv)
		assert.Equal(t, "/repo", calls[0].Dir)
		assert.Empty(t, scratch.Live(), "the scratch directory is removed")
	})
	t.Run("no scratch", func(t *testing.T) {
		proc := &portstest.Process{}
		env := execution.Env{Process: proc, Dir: "/repo", Scratch: &portstest.Scratch{Err: errors.New("disk full")}}
		r := execution.RunTool(t.Context(), env, tool)
		assert.EqualError(t, r.StartErr, "disk full")
		assert.Empty(t, proc.Calls())
	})
}
