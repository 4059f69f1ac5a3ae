//go:build unix

package execproc

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGroupFile: the file the watchdog reads once ah is gone lists exactly
// the groups guarded and not yet unguarded, each as often as it was
// guarded (a test's group can also be guarded as an escaped one), and
// freed lines are reused, so the file does not grow with the number of
// tests run.
func TestGroupFile(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "groups"))
	require.NoError(t, err)
	defer f.Close()
	g := newGroupFile(f)

	read := func() []int {
		data, err := os.ReadFile(f.Name())
		require.NoError(t, err)
		var out []int
		for _, line := range strings.Split(string(data), "\n") {
			if s := strings.TrimSpace(line); s != "" {
				n, err := strconv.Atoi(s)
				require.NoError(t, err, "line %q", line)
				out = append(out, n)
			}
		}
		slices.Sort(out)
		return out
	}

	require.NoError(t, g.add(4194304))
	require.NoError(t, g.add(20))
	assert.Equal(t, []int{20, 4194304}, read())
	require.NoError(t, g.remove(4194304))
	assert.Equal(t, []int{20}, read())
	require.NoError(t, g.add(30))
	require.NoError(t, g.add(20))
	assert.Equal(t, []int{20, 20, 30}, read())
	require.NoError(t, g.remove(20))
	require.NoError(t, g.remove(7)) // never guarded: nothing to do
	assert.Equal(t, []int{20, 30}, read())

	info, err := f.Stat()
	require.NoError(t, err)
	assert.Equal(t, int64(3*groupLine), info.Size(), "three lines were ever in use at once")
}
