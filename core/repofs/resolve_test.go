package repofs_test

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/repofs"
)

// chain links l0 -> l1 -> ... -> l<n-1> -> target.
func chain(n int, target string) fstest.MapFS {
	fsys := fstest.MapFS{"target": file("T")}
	for i := range n {
		next := fmt.Sprintf("l%d", i+1)
		if i == n-1 {
			next = target
		}
		fsys[fmt.Sprintf("l%d", i)] = link(next)
	}
	return fsys
}

func TestResolveHops(t *testing.T) {
	got, err := repofs.Resolve(chain(40, "target"), "l0") // 40 links: the kernel's limit, still followed
	require.NoError(t, err)
	assert.Equal(t, "target", got)
	_, err = repofs.Resolve(chain(41, "target"), "l0")
	assert.Equal(t, &repofs.Refused{Path: "l0", Why: "is a loop of symbolic links: make it a regular file or directory"}, err)
}

func TestResolveMessages(t *testing.T) {
	fsys := fstest.MapFS{
		"a/spec.md":  file("A"),
		"abs":        link("/etc/passwd"),
		"win":        link(`C:\x`),
		"unc":        link(`\\host\share`),
		"dir/abs":    link("/etc"),
		"up":         link(".."),
		"dir/up":     link("../.."),
		"dir/sib":    link("../a"),
		"drive":      link("c:"),
		"one":        link("a"),    // a one-byte target is relative
		"colon":      link("ab:c"), // a colon past a drive letter's place is part of a name
		"ab:c":       file("C"),
		"dir/nested": link("../up"),
	}
	runResolve(t, fsys, []resolveCase{
		{name: "one/spec.md", want: "a/spec.md"},
		{name: "colon", want: "ab:c"},
		{name: "dir/sib/spec.md", want: "a/spec.md"},
		{name: "./a//spec.md", want: "a/spec.md"},
		{name: "a/../a/spec.md", want: "a/spec.md"},
		{name: "a/missing/deeper", want: "a/missing/deeper"},
		{name: "abs", why: "is a symbolic link to the absolute path /etc/passwd: ah follows only relative links that stay inside the repository; make it a relative link or a copy"},
		{name: "./abs", why: "is a symbolic link to the absolute path /etc/passwd: ah follows only relative links that stay inside the repository; make it a relative link or a copy"},
		{name: "win", why: `is a symbolic link to the absolute path C:\x: ah follows only relative links that stay inside the repository; make it a relative link or a copy`},
		{name: "unc", why: `is a symbolic link to the absolute path \\host\share: ah follows only relative links that stay inside the repository; make it a relative link or a copy`},
		{name: "dir/abs/passwd", why: "leads through the symbolic link dir/abs to the absolute path /etc: ah follows only relative links that stay inside the repository; make it a relative link or a copy"},
		{name: "..", why: "leads outside the repository: ah never reads outside it; move the file into the repository or link to a copy inside it"},
		{name: "a/../..", why: "leads outside the repository: ah never reads outside it; move the file into the repository or link to a copy inside it"},
		{name: "drive", why: `is a symbolic link to the absolute path c:: ah follows only relative links that stay inside the repository; make it a relative link or a copy`},
		{name: "up/..", why: "leads through the symbolic link up outside the repository: ah never reads outside it; move the file into the repository or link to a copy inside it"},
		{name: "up", why: "is a symbolic link that leads outside the repository: ah never reads outside it; move the file into the repository or link to a copy inside it"},
		{name: "up/x", why: "leads through the symbolic link up outside the repository: ah never reads outside it; move the file into the repository or link to a copy inside it"},
		{name: "dir/up", why: "is a symbolic link that leads outside the repository: ah never reads outside it; move the file into the repository or link to a copy inside it"},
		{name: "dir/nested", why: "leads through the symbolic link up outside the repository: ah never reads outside it; move the file into the repository or link to a copy inside it"},
	})
}

// plainFS cannot read links: names resolve to themselves.
type plainFS struct{ fs.FS }

// brokenFS fails Lstat or ReadLink with errBroken.
type brokenFS struct {
	fstest.MapFS
	lstat bool
}

var errBroken = errors.New("broken")

func (b brokenFS) Lstat(name string) (fs.FileInfo, error) {
	if b.lstat {
		return nil, errBroken
	}
	return b.MapFS.Lstat(name)
}

func (b brokenFS) ReadLink(string) (string, error) { return "", errBroken }

func TestResolveFileSystems(t *testing.T) {
	got, err := repofs.Resolve(plainFS{repo}, "specs/d/../../x")
	require.NoError(t, err)
	assert.Equal(t, "specs/d/../../x", got)
	for _, lstat := range []bool{true, false} {
		_, err = repofs.Resolve(brokenFS{MapFS: repo, lstat: lstat}, "specs/b/spec.md")
		assert.ErrorIs(t, err, errBroken)
	}
}
