package repofs_test

import (
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/repofs"
)

// walked lists what Walk visits: "p/" for a directory, "p@" for a link,
// "p!why" for a refusal.
func walked(t *testing.T, fsys fs.FS, root string, fn func(repofs.Entry) error) []string {
	t.Helper()
	var seen []string
	err := repofs.Walk(fsys, root, func(e repofs.Entry) error {
		s := e.Path
		if e.Link {
			s += "@"
		}
		if e.Dir {
			s += "/"
		}
		if e.Refused != nil {
			require.Equal(t, e.Path, e.Refused.Path)
			s += "!" + e.Refused.Why
		}
		seen = append(seen, s)
		if fn != nil {
			return fn(e)
		}
		return nil
	})
	require.NoError(t, err)
	return seen
}

func TestWalkLinks(t *testing.T) {
	fsys := fstest.MapFS{
		"r/a/x.md":    file("x"),
		"r/a/self":    link("."),
		"r/a/root":    link("../.."),
		"r/a/parent":  link(".."),
		"r/file":      link("a/x.md"),
		"r/gone":      link("nowhere"),
		"r/sibling":   link("../s"),
		"s/y.md":      file("y"),
		"r/prefix":    link("../r2"), // "r2" starts with "r" but does not enclose it
		"r2/z.md":     file("z"),
		"r/abs":       link("/etc"),
		"r/b/b.md":    file("b"),
		"r/b/toplink": link("../../r2"),
	}
	loop := "is a symbolic link to a directory that encloses it, a loop: remove it"
	assert.Equal(t, []string{
		"r/a/", "r/a/parent@!" + loop, "r/a/root@!" + loop, "r/a/self@!" + loop, "r/a/x.md",
		"r/abs@!is a symbolic link to the absolute path /etc: ah follows only relative links that stay inside the repository; make it a relative link or a copy",
		"r/b/", "r/b/b.md", "r/b/toplink@/", "r/b/toplink/z.md",
		"r/file@", "r/gone@!is a symbolic link to a missing file: remove it or restore its target",
		"r/prefix@/", "r/prefix/z.md",
		"r/sibling@/", "r/sibling/y.md",
	}, walked(t, fsys, "r", nil))
}

func TestWalkThroughLinkedRoot(t *testing.T) {
	fsys := fstest.MapFS{"real/a.md": file("a"), "root": link("real"), "real/back": link("../root")}
	assert.Equal(t, []string{
		"root/a.md",
		"root/back@!is a symbolic link to a directory that encloses it, a loop: remove it",
	}, walked(t, fsys, "root", nil))
}

func TestWalkSkipDir(t *testing.T) {
	fsys := fstest.MapFS{"r/a/x": file("x"), "r/b": link("a"), "r/c/y": file("y")}
	skip := func(e repofs.Entry) error {
		if e.Dir && e.Name != "c" {
			return fs.SkipDir
		}
		return nil
	}
	assert.Equal(t, []string{"r/a/", "r/b@/", "r/c/", "r/c/y"}, walked(t, fsys, "r", skip))

	// SkipDir from a file is an error like any other: it ends the walk.
	err := repofs.Walk(fsys, "r/a", func(repofs.Entry) error { return fs.SkipDir })
	assert.ErrorIs(t, err, fs.SkipDir)
	stop := errors.New("stop")
	var n int
	err = repofs.Walk(fsys, "r", func(repofs.Entry) error { n++; return stop })
	assert.ErrorIs(t, err, stop)
	assert.Equal(t, 1, n)
	// An error from deep inside the tree ends the walk too.
	n = 0
	err = repofs.Walk(fsys, "r", func(e repofs.Entry) error {
		n++
		if e.Name == "x" {
			return stop
		}
		return nil
	})
	assert.ErrorIs(t, err, stop)
	assert.Equal(t, 2, n)
}

func TestWalkErrors(t *testing.T) {
	err := repofs.Walk(fstest.MapFS{"r/a": file("a")}, "missing", func(repofs.Entry) error { return nil })
	assert.ErrorIs(t, err, fs.ErrNotExist)
	assert.ErrorContains(t, err, "read directory missing: ")
	err = repofs.Walk(repo, "specs/d", func(repofs.Entry) error { return nil })
	_, ok := errors.AsType[*repofs.Refused](err)
	assert.True(t, ok, "Walk through a link leaving the root = %v, want a refusal", err)

	// A link that cannot be read is refused, naming the cause.
	fsys := brokenFS{MapFS: fstest.MapFS{"r/l": link("x"), "r/x": file("x")}}
	assert.Equal(t, []string{"r/l@!is a symbolic link ah cannot read: broken", "r/x"}, walked(t, fsys, "r", nil))
}

// statFailFS fails Stat of one name.
type statFailFS struct {
	fstest.MapFS
	name string
}

func (s statFailFS) Stat(name string) (fs.FileInfo, error) {
	if name == s.name {
		return nil, errBroken
	}
	return s.MapFS.Stat(name)
}

func TestWalkStatError(t *testing.T) {
	fsys := statFailFS{MapFS: fstest.MapFS{"r/l": link("x"), "r/x": file("x")}, name: "r/x"}
	err := repofs.Walk(fsys, "r", func(repofs.Entry) error { return nil })
	assert.ErrorIs(t, err, errBroken)
	assert.ErrorContains(t, err, "read r/l: broken")
}
