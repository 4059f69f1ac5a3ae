//go:build linux

package execproc_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/execproc"
)

// TestCloseKillsEscapedGrandchild proves no process is left behind even
// when a test's grandchild leaves its process group (setsid) and keeps the
// pipe open: the run gives up on the pipe after the grace period, and Close
// kills the escapee, which was re-parented to the runner's process.
//
// Not parallel: Close stops every orphan of the test process, and
// sequential tests run while no parallel test does.
func TestCloseKillsEscapedGrandchild(t *testing.T) {
	r := &execproc.Process{Grace: 200 * time.Millisecond}
	res, err := r.Run(t.Context(), helper("escape"))
	require.NoError(t, err)
	assert.True(t, res.IOIncomplete)
	pid := grandchildPID(t, res.Stderr)

	require.NoError(t, r.Close())
	requireGone(t, pid)
}
