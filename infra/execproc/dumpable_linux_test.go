//go:build linux

package execproc_test

import (
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/espectacular/ah/ports"
)

// TestRunMakesAhNonDumpable: once ah has started a test, it is
// non-dumpable (no process of its user may open /proc/<ah>/fd: issue
// 38), while it still reads its own /proc/self and the test itself is an
// ordinary, dumpable process.
func TestRunMakesAhNonDumpable(t *testing.T) {
	res, err := newRunner().Run(t.Context(), ports.Command{Argv: []string{"/bin/sh", "-c", "ls /proc/self/fd >/dev/null && grep -c . /proc/$$/environ >/dev/null && echo ok"}})
	require.NoError(t, err)
	assert.Equal(t, "ok\n", string(res.Stdout), "the test reads its own /proc: %s", res.Stderr)
	d, err := unix.PrctlRetInt(unix.PR_GET_DUMPABLE, 0, 0, 0, 0)
	require.NoError(t, err)
	assert.Equal(t, 0, d)
	_, err = os.ReadDir("/proc/self/fd")
	assert.NoError(t, err, "ah still reads its own descriptors")
	_, err = os.ReadFile("/proc/" + strconv.Itoa(os.Getpid()) + "/task/" + strconv.Itoa(os.Getpid()) + "/children")
	assert.NoError(t, err, "and its children list (the orphan scan)")
}
