package spec_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/spec"
)

func symlink(target string) *fstest.MapFile {
	return &fstest.MapFile{Mode: fs.ModeSymlink, Data: []byte(target)}
}

// TestDiscoverPolicy: issue 9, items 3, 4 and 7. A linked capability
// directory inside the repository is checked, a link leaving it, a name
// that is not UTF-8 and a spec over the limit are skipped with the reason,
// and the rest of the corpus is still read.
func TestDiscoverPolicy(t *testing.T) {
	fsys := fstest.MapFS{
		"s/a/spec.md":     file("#### Scenario: A\n"),
		"s/linked":        symlink("a"),
		"s/out":           symlink("../../elsewhere"),
		"s/c/spec.md":     symlink("/etc/passwd"),
		"s/c/notes.txt":   symlink("/etc/passwd"), // not a spec: ignored
		"s/b\xff/spec.md": file("#### Scenario: X\n"),
		"s/big/spec.md":   file(strings.Repeat("x", 101)),
		"s/z/spec.md":     file("#### Scenario: Z\n"),
	}
	files, err := spec.DiscoverLimit(fsys, "s", 100)
	require.NoError(t, err)
	var got []string
	for _, f := range files {
		s := f.Capability + " " + f.Path
		if f.Skipped != nil {
			s += " skipped: " + f.Skipped.Error()
		} else {
			s += " " + f.Scenarios[0].ID
		}
		got = append(got, s)
	}
	assert.Equal(t, []string{
		"a s/a/spec.md a",
		"b\\xff s/b\xff skipped: s/b\\xff has a name that is not valid UTF-8, so ah cannot name or check it: rename it",
		"big s/big/spec.md skipped: s/big/spec.md is 101 bytes, over the limit of 100 bytes",
		`c s/c/spec.md skipped: s/c/spec.md is a symbolic link to the absolute path /etc/passwd: ah follows only relative links that stay inside the repository; make it a relative link or a copy`,
		"linked s/linked/spec.md a",
		"out s/out skipped: s/out is a symbolic link that leads outside the repository: ah never reads outside it; move the file into the repository or link to a copy inside it",
		"z s/z/spec.md z",
	}, got)
}

// TestDiscoverRootLinkOutside: paths.specs itself leading outside is
// refused, not read.
func TestDiscoverRootLinkOutside(t *testing.T) {
	fsys := fstest.MapFS{"docs": symlink("../outside"), "ok/a/spec.md": file("")}
	files, err := spec.Discover(fsys, "docs/specs")
	require.NoError(t, err)
	require.Len(t, files, 1)
	assert.Equal(t, "docs/specs", files[0].Path)
	assert.ErrorContains(t, files[0].Skipped, "outside the repository")
}

// TestDiscoverOrderOnEqualCapability: a directory literally named `b\xff`
// and one whose name holds the byte 0xff are both reported as capability
// `b\xff`; the order of the two is then by path, so output stays
// deterministic.
func TestDiscoverOrderOnEqualCapability(t *testing.T) {
	fsys := fstest.MapFS{
		"s/b\xff/spec.md":  file("#### Scenario: X\n"),
		`s/b\xff/spec.md`:  file("#### Scenario: Y\n"),
		"s/c/spec.md":      file("#### Scenario: C\n"),
		"s/a-b/spec.md":    file("#### Scenario: AB\n"),
		"s/a/b/spec.md":    file("#### Scenario: AsB\n"),
		"s/a/b/c/notes.md": file(""),
	}
	files, err := spec.Discover(fsys, "s")
	require.NoError(t, err)
	var got []string
	for _, f := range files {
		got = append(got, f.Capability+" "+f.Path)
	}
	assert.Equal(t, []string{"a-b s/a-b/spec.md", "a/b s/a/b/spec.md", `b\xff s/b\xff/spec.md`, "b\\xff s/b\xff", "c s/c/spec.md"}, got)
}
