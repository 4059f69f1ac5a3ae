package repofs_test

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/repofs"
)

func link(target string) *fstest.MapFile {
	return &fstest.MapFile{Mode: fs.ModeSymlink, Data: []byte(target)}
}

func file(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }

var repo = fstest.MapFS{
	"specs/a/spec.md":     file("A"),
	"specs/b":             link("a"), // capability directory linked inside
	"specs/c/spec.md":     link("../a/spec.md"),
	"specs/d":             link("../../etc"), // leaves the root
	"specs/e/spec.md":     link("/etc/passwd"),
	"specs/f/loop":        link(".."),
	"specs/g":             link("missing"),
	"specs/h":             link("h2"),
	"specs/h2":            link("h"),
	"specs/b\xff/spec.md": file("X"),
}

func TestResolve(t *testing.T) {
	runResolve(t, repo, []resolveCase{
		{name: "specs/a/spec.md", want: "specs/a/spec.md"},
		{name: "specs/b/spec.md", want: "specs/a/spec.md"},
		{name: "specs/c/spec.md", want: "specs/a/spec.md"},
		{name: "specs/missing.md", want: "specs/missing.md"},
		{name: "specs/d/x", part: "outside the repository"},
		{name: "specs/e/spec.md", part: "absolute path /etc/passwd"},
		{name: "specs/h/x", part: "loop of symbolic links"},
	})
}

// resolveCase asks Resolve for name: the path want, or a refusal whose Why
// is why, or (why empty) contains part.
type resolveCase struct{ name, want, why, part string }

func runResolve(t *testing.T, fsys fs.FS, tests []resolveCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := repofs.Resolve(fsys, tt.name)
			switch {
			case tt.why != "":
				assert.Equal(t, &repofs.Refused{Path: tt.name, Why: tt.why}, err)
			case tt.part != "":
				r, ok := errors.AsType[*repofs.Refused](err)
				require.True(t, ok, "Resolve(%q) = %q, %v; want a refusal", tt.name, got, err)
				assert.Contains(t, r.Why, tt.part)
			default:
				require.NoError(t, err)
				assert.Equal(t, tt.want, got)
			}
		})
	}
}

func TestWalk(t *testing.T) {
	var seen []string
	err := repofs.Walk(repo, "specs", func(e repofs.Entry) error {
		s := e.Path
		if e.Dir {
			s += "/"
		}
		if e.Refused != nil {
			s = "refused " + repofs.Quote(e.Path)
		}
		seen = append(seen, s)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"specs/a/", "specs/a/spec.md",
		"specs/b/", "specs/b/spec.md", // followed: inside the root
		`refused specs/b\xff`, // the rest of the tree is still walked
		"specs/c/", "specs/c/spec.md",
		"refused specs/d", "specs/e/", "refused specs/e/spec.md",
		"specs/f/", "refused specs/f/loop",
		"refused specs/g", "refused specs/h", "refused specs/h2",
	}, seen)
}

func TestReadFileLimit(t *testing.T) {
	fsys := fstest.MapFS{"big": file(strings.Repeat("x", 100)), "ok": file("abc"), "l": link("big")}
	data, err := repofs.ReadFile(fsys, "ok", 3)
	require.NoError(t, err)
	assert.Equal(t, "abc", string(data))
	s, err := repofs.ReadString(fsys, "ok", 3)
	require.NoError(t, err)
	assert.Equal(t, "abc", s)
	for _, name := range []string{"big", "l"} {
		_, err = repofs.ReadFile(fsys, name, 99)
		tl, ok := errors.AsType[*repofs.TooLarge](err)
		require.True(t, ok, "ReadFile(%s) = %v, want TooLarge", name, err)
		assert.Equal(t, &repofs.TooLarge{Path: name, Size: 100, Limit: 99}, tl)
	}
	_, err = repofs.ReadFile(fsys, "missing", 99)
	assert.ErrorIs(t, err, fs.ErrNotExist)
}

func TestBytes(t *testing.T) {
	for n, want := range map[int64]string{300: "300 bytes", 64 << 20: "64 MiB", 3 << 29: "1.5 GiB", 64 << 30: "64 GiB"} {
		assert.Equal(t, want, repofs.Bytes(n))
	}
}
