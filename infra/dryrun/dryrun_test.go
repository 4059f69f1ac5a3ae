package dryrun_test

import (
	"context"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/dryrun"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func TestWriterRecordsWithoutWriting(t *testing.T) {
	ctx := context.Background()
	fsys := fstest.MapFS{"old.txt": {Data: []byte("a\n")}}
	w := &dryrun.Writer{FS: fsys}

	require.NoError(t, w.CreateFile(ctx, "new.txt", []byte("n"), 0o644))
	assert.ErrorIs(t, w.CreateFile(ctx, "old.txt", []byte("x"), 0o644), fs.ErrExist)
	require.NoError(t, w.Update(ctx, "old.txt", func(old []byte) ([]byte, error) { return append(old, "b\n"...), nil }))
	require.NoError(t, w.Update(ctx, "old.txt", func(old []byte) ([]byte, error) { return append(old, "c\n"...), nil }))
	require.NoError(t, w.Remove(ctx, "new.txt"))

	assert.Equal(t, []dryrun.File{
		{Path: "new.txt", Removed: true},
		{Path: "old.txt", Data: []byte("a\nb\nc\n")},
	}, w.Files())
	assert.Equal(t, "a\n", string(fsys["old.txt"].Data))
}

// TestWriterContract holds the dry-run writer to the contract of the real
// one (issue 40): a dry run refuses what the real run would refuse.
func TestWriterContract(t *testing.T) {
	portstest.RunWriterContract(t, func(*testing.T) (ports.Writer, fs.FS) {
		w := &dryrun.Writer{FS: fstest.MapFS{}}
		return w, w.View()
	})
}

func TestRemoverContract(t *testing.T) {
	portstest.RunRemoverContract(t, func(*testing.T) (portstest.RemoverWriter, fs.FS) {
		w := &dryrun.Writer{FS: fstest.MapFS{}}
		return w, w.View()
	})
}
