package lifecycle_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/lifecycle"
)

// checkPlan runs plan over a repository of files for req, changed by edit
// when set: the operations want, or (wantErr set) an error containing
// wantErr and no operations.
func checkPlan[R any](t *testing.T, plan func(fs.FS, R) ([]lifecycle.Op, error), files map[string]string, req R, edit func(*R), wantErr string, want []lifecycle.Op) {
	t.Helper()
	if edit != nil {
		edit(&req)
	}
	ops, err := plan(newRepo(files).fs, req)
	if wantErr != "" {
		require.Error(t, err)
		assert.Contains(t, err.Error(), wantErr)
		assert.Nil(t, ops)
		return
	}
	require.NoError(t, err)
	assert.Equal(t, want, ops)
}

// memRepo is an in-memory repository: the fs.FS is the map itself, and it
// is its own writer and remover, failing on the paths in fail (and
// removals of the paths in failRemove).
type memRepo struct {
	fs         fstest.MapFS
	fail       map[string]bool
	failRemove map[string]bool
	// appear are files a person saves just before ah creates them.
	appear map[string]string
	// removed lists the paths Remove was called with, in order.
	removed []string
}

func newRepo(files map[string]string) *memRepo {
	m := &memRepo{fs: fstest.MapFS{}, fail: map[string]bool{}, failRemove: map[string]bool{}}
	for k, v := range files {
		m.fs[k] = &fstest.MapFile{Data: []byte(v)}
	}
	return m
}

var errInjected = errors.New("disk full")

func (m *memRepo) WriteFile(_ context.Context, name string, data []byte, _ fs.FileMode) error {
	if m.fail[name] {
		return errInjected
	}
	m.fs[name] = &fstest.MapFile{Data: append([]byte(nil), data...)}
	return nil
}

func (m *memRepo) CreateFile(ctx context.Context, name string, data []byte, perm fs.FileMode) error {
	if v, ok := m.appear[name]; ok {
		m.fs[name] = &fstest.MapFile{Data: []byte(v)}
	}
	if _, ok := m.fs[name]; ok {
		return fmt.Errorf("write %s: %w", name, fs.ErrExist)
	}
	return m.WriteFile(ctx, name, data, perm)
}

func (m *memRepo) Update(context.Context, string, func([]byte) ([]byte, error)) error {
	panic("not used")
}

func (m *memRepo) Remove(_ context.Context, name string) error {
	if m.fail[name] || m.failRemove[name] {
		return errInjected
	}
	delete(m.fs, name)
	m.removed = append(m.removed, name)
	return nil
}

// files returns the repository's files as strings.
func (m *memRepo) files() map[string]string {
	out := map[string]string{}
	for k, v := range m.fs {
		if !v.Mode.IsDir() {
			out[k] = string(v.Data)
		}
	}
	return out
}
