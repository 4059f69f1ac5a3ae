package shard_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/shard"
	"github.com/espectacular/ah/ports/portstest"
)

// TestIdentify: a shard's tree is HEAD's tree plus, when the work tree is
// dirty, a digest of each changed path and its content (issue 36): other
// content, another changed path, or a change outside the checked directory
// gives another digest; outside a work tree there is none.
func TestIdentify(t *testing.T) {
	trees := map[string]string{"HEAD": "7eed7eed7eed7eed7eed7eed7eed7eed7eed7eed"}
	fsys := fstest.MapFS{"a.txt": {Data: []byte("one")}, "b.txt": {Data: []byte("two")}}
	identify := func(g *portstest.Git, fsys fstest.MapFS) shard.Tree {
		tree, err := shard.Identify(t.Context(), g, fsys)
		require.NoError(t, err)
		return tree
	}

	assert.Equal(t, shard.Tree{}, identify(&portstest.Git{}, fsys), "outside a work tree")
	clean := identify(&portstest.Git{InWorkTree: true, Trees: trees}, fsys)
	assert.Equal(t, shard.Tree{ID: trees["HEAD"]}, clean)
	assert.Equal(t, "tree 7eed7eed7eed", clean.String())

	dirty := identify(&portstest.Git{InWorkTree: true, Trees: trees, Changed: []string{"a.txt"}}, fsys)
	assert.Regexp(t, `^sha256:[0-9a-f]{64}$`, dirty.Dirty)
	edited := identify(&portstest.Git{InWorkTree: true, Trees: trees, Changed: []string{"a.txt"}},
		fstest.MapFS{"a.txt": {Data: []byte("ONE")}})
	other := identify(&portstest.Git{InWorkTree: true, Trees: trees, Changed: []string{"b.txt"}}, fsys)
	deleted := identify(&portstest.Git{InWorkTree: true, Trees: trees, Changed: []string{"a.txt"}}, fstest.MapFS{})
	outside := identify(&portstest.Git{InWorkTree: true, Sub: "sub", Trees: trees, Changed: []string{"top.txt"}}, fsys)
	below := identify(&portstest.Git{InWorkTree: true, Sub: "sub", Trees: trees, Changed: []string{"sub/a.txt"}}, fsys)
	assert.NotEqual(t, dirty.Dirty, below.Dirty, "the path from the top is part of the digest")
	belowEdited := identify(&portstest.Git{InWorkTree: true, Sub: "sub", Trees: trees, Changed: []string{"sub/a.txt"}},
		fstest.MapFS{"a.txt": {Data: []byte("ONE")}})
	assert.NotEqual(t, below.Dirty, belowEdited.Dirty, "a file below the top is read from the checked directory")
	digests := map[string]bool{}
	for _, tr := range []shard.Tree{dirty, edited, other, deleted, outside} {
		assert.Equal(t, trees["HEAD"], tr.ID)
		assert.NotEmpty(t, tr.Dirty)
		digests[tr.Dirty] = true
	}
	assert.Len(t, digests, 5, "each change gives its own digest")

	unborn := identify(&portstest.Git{InWorkTree: true}, fsys)
	assert.Equal(t, shard.Tree{}, unborn, "no commit yet, nothing changed")
}
