package lifecycle_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/lifecycle"
)

func TestApplyRollsBackOnFailure(t *testing.T) {
	before := map[string]string{"a.toml": "old a", "gone.toml": "keep me"}
	tests := []struct {
		name string
		fail string
	}{
		{"third op fails", "c.toml"},
		{"removal fails", "gone.toml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newRepo(before)
			m.fail[tt.fail] = true
			ops := []lifecycle.Op{
				{Path: "a.toml", Data: []byte("new a")},
				{Path: "b.toml", Data: []byte("new b")},
				{Path: "c.toml", Data: []byte("new c")},
				{Path: "gone.toml", Remove: true},
			}
			err := lifecycle.Apply(t.Context(), m.fs, m, m, ops)
			require.ErrorIs(t, err, errInjected)
			assert.Equal(t, before, m.files(), "every file as it was")
		})
	}
}

func TestApplyPerformsEveryOp(t *testing.T) {
	m := newRepo(map[string]string{"a.toml": "old", "gone.toml": "x"})
	ops := []lifecycle.Op{{Path: "a.toml", Data: []byte("new")}, {Path: "gone.toml", Remove: true}}
	require.NoError(t, lifecycle.Apply(t.Context(), m.fs, m, m, ops))
	assert.Equal(t, map[string]string{"a.toml": "new"}, m.files())
	written, removed := lifecycle.Paths(ops)
	assert.Equal(t, []string{"a.toml"}, written)
	assert.Equal(t, []string{"gone.toml"}, removed)
}

// TestApplyReportsWhatItCouldNotRestore: the first error comes first, then
// each path the rollback failed on; the other paths are still restored.
func TestApplyReportsWhatItCouldNotRestore(t *testing.T) {
	m := newRepo(map[string]string{"a.toml": "old a"})
	m.fail["c.toml"] = true
	m.failRemove["b.toml"] = true
	ops := []lifecycle.Op{
		{Path: "a.toml", Data: []byte("new a")},
		{Path: "b.toml", Data: []byte("new b")},
		{Path: "c.toml", Data: []byte("new c")},
	}
	err := lifecycle.Apply(t.Context(), m.fs, m, m, ops)
	require.EqualError(t, err, "disk full\ncould not restore b.toml: disk full")
	assert.Equal(t, map[string]string{"a.toml": "old a", "b.toml": "new b"}, m.files())
}

// TestApplyNeverUndoesADirectoryRemoval: a removed directory is not
// recreated, but the files before it are restored.
func TestApplyNeverUndoesADirectoryRemoval(t *testing.T) {
	m := newRepo(map[string]string{"a.toml": "old a", "d/x": "x"})
	m.fail["z.toml"] = true
	ops := []lifecycle.Op{
		{Path: "a.toml", Data: []byte("new a")},
		{Path: "d", Remove: true},
		{Path: "z.toml", Data: []byte("z")},
	}
	require.ErrorIs(t, lifecycle.Apply(t.Context(), m.fs, m, m, ops), errInjected)
	assert.Equal(t, map[string]string{"a.toml": "old a", "d/x": "x"}, m.files(), "d itself was only a synthesized directory")
	_, dirRestored := m.fs["d"]
	assert.False(t, dirRestored, "the directory is not rewritten as a file")
}

// TestApplyCreateNeverReplaces: a create-if-absent op whose file appeared
// after the plan (a person saved it meanwhile) is skipped, the file left as
// the person wrote it; the other ops are carried out, and Apply reports
// the skipped path.
func TestApplyCreateNeverReplaces(t *testing.T) {
	m := newRepo(nil)
	m.appear = map[string]string{"a.toml": "a person's"}
	ops := []lifecycle.Op{
		{Path: "a.toml", Data: []byte("stub a"), Create: true},
		{Path: "b.toml", Data: []byte("stub b"), Create: true},
	}
	err := lifecycle.Apply(t.Context(), m.fs, m, m, ops)
	se, ok := errors.AsType[*lifecycle.SkippedError](err)
	require.True(t, ok, "a *SkippedError, got %v", err)
	assert.Equal(t, []string{"a.toml"}, se.Paths)
	assert.Equal(t, map[string]string{"a.toml": "a person's", "b.toml": "stub b"}, m.files())
	assert.Equal(t, []lifecycle.Op{ops[1]}, lifecycle.Without(ops, se.Paths))
}

// TestApplyRollbackRemovesDirectoriesItCreated: a disk-full rollback left
// the empty directories its first writes had created. The rollback removes
// them, deepest first, and never one that existed before.
func TestApplyRollbackRemovesDirectoriesItCreated(t *testing.T) {
	m := newRepo(map[string]string{"keep/x": "x"})
	m.fail["z.toml"] = true
	ops := []lifecycle.Op{
		{Path: "keep/new/deep/a.toml", Data: []byte("a"), Create: true},
		{Path: "z.toml", Data: []byte("z")},
	}
	require.ErrorIs(t, lifecycle.Apply(t.Context(), m.fs, m, m, ops), errInjected)
	assert.Equal(t, []string{"keep/new/deep/a.toml", "keep/new/deep", "keep/new"}, m.removed)
}

// TestApplyRollbackRemovesTheFailedWritesDirectories: on a full disk the
// very first write of `ah contract new` created its capability's
// directory, failed, and left it empty: a failed write is not among the
// ops to undo, so its directories were never removed. They are, deepest
// first, before the ops done are undone.
func TestApplyRollbackRemovesTheFailedWritesDirectories(t *testing.T) {
	m := newRepo(map[string]string{"keep/x": "x"})
	m.fail["keep/a/b/z.toml"] = true
	ops := []lifecycle.Op{
		{Path: "keep/a/y.toml", Data: []byte("y"), Create: true},
		{Path: "keep/a/b/z.toml", Data: []byte("z"), Create: true},
	}
	require.ErrorIs(t, lifecycle.Apply(t.Context(), m.fs, m, m, ops), errInjected)
	assert.Equal(t, []string{"keep/a/b", "keep/a/y.toml", "keep/a"}, m.removed)
	assert.Equal(t, map[string]string{"keep/x": "x"}, m.files())
}
