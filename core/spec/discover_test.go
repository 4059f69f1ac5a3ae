package spec_test

import (
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/spec"
)

func TestDedupe(t *testing.T) {
	a := sc("Foo bar", 3, "- WHEN x")
	aMirror := sc("Foo bar", 20, "- WHEN x")
	aSpaced := sc("Foo bar", 21, "\n- WHEN x\n")
	aOther := sc("Foo: bar", 30, "- WHEN y")
	b := sc("Baz", 10, "b")
	tests := []struct {
		name           string
		in             []spec.Scenario
		wantUnique     []spec.Scenario
		wantCollisions []spec.Collision
	}{
		{name: "empty"},
		{name: "distinct ids kept in order", in: []spec.Scenario{b, a}, wantUnique: []spec.Scenario{b, a}},
		{name: "mirror dropped", in: []spec.Scenario{a, b, aMirror}, wantUnique: []spec.Scenario{a, b}},
		{name: "mirror differing only in surrounding blank lines dropped", in: []spec.Scenario{a, aSpaced}, wantUnique: []spec.Scenario{a}},
		{
			name:           "different body collides",
			in:             []spec.Scenario{a, b, aOther},
			wantUnique:     []spec.Scenario{a, b},
			wantCollisions: []spec.Collision{{First: a, Second: aOther}},
		},
		{
			name:           "mirror and collision of one id",
			in:             []spec.Scenario{a, aMirror, aOther},
			wantUnique:     []spec.Scenario{a},
			wantCollisions: []spec.Collision{{First: a, Second: aOther}},
		},
		{
			name:           "every later different body collides with the first",
			in:             []spec.Scenario{aOther, a, aMirror},
			wantUnique:     []spec.Scenario{aOther},
			wantCollisions: []spec.Collision{{First: aOther, Second: a}, {First: aOther, Second: aMirror}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			unique, collisions := spec.Dedupe(tt.in)
			assert.Equal(t, tt.wantUnique, unique, "Dedupe unique")
			assert.Equal(t, tt.wantCollisions, collisions, "Dedupe collisions")
		})
	}
}

func TestDedupeScannedMirror(t *testing.T) {
	// A delta repeats an ADDED scenario under Requirements: one scenario.
	in := lines("## ADDED Requirements", "#### Scenario: A", "- WHEN x", "", "## Requirements", "#### Scenario: A", "- WHEN x")
	unique, collisions := spec.Dedupe(spec.Scan([]byte(in)))
	assert.Equal(t, []spec.Scenario{sc("A", 2, "- WHEN x")}, unique)
	assert.Empty(t, collisions)
}

func dir() *fstest.MapFile { return &fstest.MapFile{Mode: fs.ModeDir | 0o755} }

func file(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }

func TestDiscover(t *testing.T) {
	tests := []struct {
		name string
		fsys fstest.MapFS
		root string
		want []spec.File
	}{
		{
			name: "nested capabilities sorted, root spec and other files ignored",
			fsys: fstest.MapFS{
				"openspec/specs/spec.md":       file("#### Scenario: Root\nr\n"),
				"openspec/specs/z/spec.md":     file("#### Scenario: Zed\nz\n"),
				"openspec/specs/a/b/spec.md":   file("# B\n\n#### Scenario: Bee\nb\n"),
				"openspec/specs/a/spec.md":     file("#### Scenario: Ay\na\n"),
				"openspec/specs/a-x/spec.md":   file(""),
				"openspec/specs/c/notes.md":    file("#### Scenario: Notes\nn\n"),
				"openspec/specs/c/d/SPEC.md":   file("#### Scenario: Upper\nu\n"),
				"openspec/changes/x/spec.md":   file("#### Scenario: Change\nc\n"),
				"openspec/specs/a/b/c/spec.md": file("#### Scenario: Deep\nd\n"),
			},
			root: "openspec/specs",
			want: []spec.File{
				{Capability: "a", Path: "openspec/specs/a/spec.md", Scenarios: []spec.Scenario{sc("Ay", 1, "a")}},
				{Capability: "a-x", Path: "openspec/specs/a-x/spec.md"},
				{Capability: "a/b", Path: "openspec/specs/a/b/spec.md", Scenarios: []spec.Scenario{sc("Bee", 3, "b")}},
				{Capability: "a/b/c", Path: "openspec/specs/a/b/c/spec.md", Scenarios: []spec.Scenario{sc("Deep", 1, "d")}},
				{Capability: "z", Path: "openspec/specs/z/spec.md", Scenarios: []spec.Scenario{sc("Zed", 1, "z")}},
			},
		},
		{
			name: "root is cleaned",
			fsys: fstest.MapFS{"specs/a/spec.md": file("#### Scenario: Ay\na\n")},
			root: "./specs//",
			want: []spec.File{{Capability: "a", Path: "specs/a/spec.md", Scenarios: []spec.Scenario{sc("Ay", 1, "a")}}},
		},
		{
			name: "repository root as specs root",
			fsys: fstest.MapFS{"spec.md": file("#### Scenario: Root\nr\n"), "a/spec.md": file("")},
			root: ".",
			want: []spec.File{{Capability: "a", Path: "a/spec.md"}},
		},
		{
			name: "empty specs directory",
			fsys: fstest.MapFS{"openspec/specs": dir()},
			root: "openspec/specs",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := spec.Discover(tt.fsys, tt.root)
			require.NoError(t, err)
			for i, f := range got {
				// Each file carries its tree; the flat list is checked below.
				assert.Equal(t, spec.Parse(tt.fsys[f.Path].Data), f.Doc, "Doc of %s", f.Path)
				got[i].Doc = spec.Document{}
			}
			assert.Equal(t, tt.want, got, "Discover(%q)", tt.root)
		})
	}
}

func TestDiscoverMissingRoot(t *testing.T) {
	fsys := fstest.MapFS{"openspec/other/a/spec.md": file("")}
	got, err := spec.Discover(fsys, "openspec/specs")
	require.Error(t, err)
	assert.True(t, errors.Is(err, spec.ErrNoSpecsDir), "Discover error = %v, want ErrNoSpecsDir", err)
	assert.Contains(t, err.Error(), "openspec/specs")
	assert.Nil(t, got)
}

// failFS fails to open one file; it implements only fs.FS so that every
// read goes through Open.
type failFS struct {
	fsys fstest.MapFS
	bad  string
}

func (f failFS) Open(name string) (fs.File, error) {
	if name == f.bad {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return f.fsys.Open(name)
}

func TestDiscoverReadError(t *testing.T) {
	fsys := failFS{fsys: fstest.MapFS{"s/a/spec.md": file("")}, bad: "s/a/spec.md"}
	_, err := spec.Discover(fsys, "s")
	require.Error(t, err)
	assert.ErrorIs(t, err, fs.ErrPermission)
	assert.False(t, errors.Is(err, spec.ErrNoSpecsDir), "a read error is not a missing directory")
	assert.Contains(t, err.Error(), "s/a/spec.md")
}

// DiscoverEach hands every file, read and parsed, to keep, and returns
// what keep kept of each in DiscoverLimit's order with what it drew from
// it: a caller holds one tree per worker, never all of them (issue 40).
func TestDiscoverEachKeepsWhatKeepReturns(t *testing.T) {
	fsys := fstest.MapFS{
		"specs/b/spec.md":   {Data: []byte("# b\n\n#### Scenario: B one\nx\n\n#### Scenario: B two\ny\n")},
		"specs/a/spec.md":   {Data: []byte("# a\n\n#### Scenario: A one\nx\n")},
		"specs/c/x/spec.md": {Data: []byte("# c\n")},
	}
	want, err := spec.DiscoverLimit(fsys, "specs", 1<<20)
	require.NoError(t, err)
	files, kept, err := spec.DiscoverEach(fsys, "specs", 1<<20, func(f spec.File) (spec.File, int) {
		return f.Outline(), len(f.Scenarios)
	})
	require.NoError(t, err)
	require.Len(t, files, len(want))
	for i, f := range want {
		assert.Equal(t, f.Outline(), files[i])
		assert.Equal(t, len(f.Scenarios), kept[i], f.Path)
	}
	assert.Equal(t, []int{1, 2, 0}, kept)
}
