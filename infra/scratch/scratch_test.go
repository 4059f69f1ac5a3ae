package scratch_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/scratch"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func TestScratchContract(t *testing.T) {
	portstest.RunScratchContract(t, func(t *testing.T) ports.Scratch { return scratch.Dir{Root: t.TempDir()} })
}

func TestDirIsPrivateAndRemoved(t *testing.T) {
	s := scratch.Dir{Root: t.TempDir()}
	dir, err := s.MkdirTemp(t.Context())
	require.NoError(t, err)
	fi, err := os.Stat(dir)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm(), "only the current user may write reports")
	require.NoError(t, s.RemoveAll(dir))
	_, err = os.Stat(dir)
	assert.True(t, os.IsNotExist(err))
}
