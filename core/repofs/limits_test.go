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

// growFS reports every file as empty to Stat, as a file that grows between
// the size check and the read would look.
type growFS struct{ fstest.MapFS }

func (g growFS) Open(name string) (fs.File, error) {
	f, err := g.MapFS.Open(name)
	if err != nil {
		return nil, err
	}
	return growFile{f}, nil
}

type growFile struct{ fs.File }

func (g growFile) Stat() (fs.FileInfo, error) {
	fi, err := g.File.Stat()
	if err != nil {
		return nil, err
	}
	return emptyInfo{fi}, nil
}

type emptyInfo struct{ fs.FileInfo }

func (emptyInfo) Size() int64 { return 0 }

// failFS opens files whose reads fail.
type failFS struct{ fstest.MapFS }

var errRead = errors.New("disk on fire")

func (f failFS) Open(name string) (fs.File, error) {
	file, err := f.MapFS.Open(name)
	if err != nil {
		return nil, err
	}
	return failFile{file}, nil
}

type failFile struct{ fs.File }

func (failFile) Read([]byte) (int, error) { return 0, errRead }

func TestReadFileBoundaries(t *testing.T) {
	fsys := fstest.MapFS{"empty": file(""), "three": file("abc"), "dir/x": file("x")}
	for _, read := range []struct {
		name string
		fn   func(fs.FS, string, int64) (string, error)
	}{
		{"ReadFile", func(f fs.FS, n string, l int64) (string, error) {
			b, err := repofs.ReadFile(f, n, l)
			return string(b), err
		}},
		{"ReadString", repofs.ReadString},
	} {
		t.Run(read.name, func(t *testing.T) {
			got, err := read.fn(fsys, "empty", 0) // a limit of 0 still admits an empty file
			require.NoError(t, err)
			assert.Empty(t, got)
			got, err = read.fn(fsys, "three", 3) // exactly at the limit
			require.NoError(t, err)
			assert.Equal(t, "abc", got)
			_, err = read.fn(fsys, "three", 2)
			assert.Equal(t, &repofs.TooLarge{Path: "three", Size: 3, Limit: 2}, err)
			_, err = read.fn(fsys, "dir", 10)
			var pe *fs.PathError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, "dir: is a directory", pe.Path+": "+pe.Err.Error())
			// A file that grew after its size was checked is cut at limit+1
			// bytes and refused all the same.
			_, err = read.fn(growFS{fstest.MapFS{"g": file("abcdef")}}, "g", 3)
			assert.Equal(t, &repofs.TooLarge{Path: "g", Size: 4, Limit: 3}, err)
			got, err = read.fn(growFS{fstest.MapFS{"g": file("abc")}}, "g", 3)
			require.NoError(t, err)
			assert.Equal(t, "abc", got)
			_, err = read.fn(failFS{fstest.MapFS{"f": file("abc")}}, "f", 3)
			assert.ErrorIs(t, err, errRead)
		})
	}
}

func TestReadFileRefusesLinks(t *testing.T) {
	_, err := repofs.ReadFile(repo, "specs/d/x", 10)
	r, ok := errors.AsType[*repofs.Refused](err)
	require.True(t, ok, "ReadFile = %v, want a refusal", err)
	assert.Equal(t, "specs/d/x", r.Path)
}

func TestErrorMessages(t *testing.T) {
	assert.Equal(t, "specs/a is a loop", (&repofs.Refused{Path: "specs/a", Why: "is a loop"}).Error())
	assert.Equal(t, `b\xff is a loop`, (&repofs.Refused{Path: "b\xff", Why: "is a loop"}).Error())
	assert.Equal(t, "spec.md is 65 MiB, over the limit of 64 MiB",
		(&repofs.TooLarge{Path: "spec.md", Size: 65 << 20, Limit: 64 << 20}).Error())
}

func TestBytesBoundaries(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0 bytes", 1023: "1023 bytes", 1024: "1 KiB", 1536: "1.5 KiB",
		1<<20 - 1: "1024 KiB", 1 << 20: "1 MiB", 1 << 30: "1 GiB", 1 << 40: "1 TiB",
		1 << 50: "1024 TiB", // no unit above TiB
	} {
		assert.Equal(t, want, repofs.Bytes(n), "Bytes(%d)", n)
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"plain/path.md": "plain/path.md",
		"b\xff":         `b\xff`,
		"a\nb":          `a\nb`,
		"tab\there":     `tab\there`,
		"\tleading":     `\tleading`, // a control character at index 0
		"ünïcode":       "ünïcode",
		`back\slash`:    `back\slash`, // valid and printable: kept as is
	} {
		assert.Equal(t, want, repofs.Quote(in), "Quote(%q)", in)
	}
}

// confinedFS is a MapFS that declares itself confined (ports.ConfinedFS)
// and counts the lstat calls Resolve makes.
type confinedFS struct {
	fstest.MapFS
	lstats *int
}

func (confinedFS) Confined() {}

// Open refuses the path through the absolute link as os.Root does.
func (c confinedFS) Open(name string) (fs.File, error) {
	if strings.HasPrefix(name, ".espectacular/b/") {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("path escapes from parent")}
	}
	return c.MapFS.Open(name)
}

func (c confinedFS) Lstat(name string) (fs.FileInfo, error) {
	*c.lstats++
	return c.MapFS.Lstat(name)
}

// A confined file system refuses escaping links itself: a file is opened
// directly, without resolving each component of its path, and a refusal
// is still explained by Resolve.
func TestReadFileConfined(t *testing.T) {
	var lstats int
	fsys := confinedFS{fstest.MapFS{
		".espectacular/a/x.toml": file("x"),
		".espectacular/b":        link("/etc"),
	}, &lstats}
	got, err := repofs.ReadFile(fsys, ".espectacular/a/x.toml", 10)
	require.NoError(t, err)
	assert.Equal(t, "x", string(got))
	assert.Zero(t, lstats, "a plain file of a confined file system needs no lstat")

	_, err = repofs.ReadFile(fsys, ".espectacular/b/passwd", 10)
	r, ok := errors.AsType[*repofs.Refused](err)
	require.True(t, ok, "got %v, want a refusal", err)
	assert.Contains(t, r.Why, "absolute path /etc")
}

// countFS counts the reads of every file it opens.
type countFS struct {
	fstest.MapFS
	reads *int
}

func (c countFS) Open(name string) (fs.File, error) {
	f, err := c.MapFS.Open(name)
	if err != nil {
		return nil, err
	}
	return countFile{f, c.reads}, nil
}

type countFile struct {
	fs.File
	reads *int
}

func (c countFile) Read(p []byte) (int, error) {
	*c.reads++
	return c.File.Read(p)
}

// TestReadFileOneRead: a file read whole at the size its Stat gave needs
// no second read to see its end (issue 29: one read per contract); a file
// longer than that size, grown since, is still read to its end.
func TestReadFileOneRead(t *testing.T) {
	reads := 0
	fsys := countFS{fstest.MapFS{"c.toml": {Data: []byte("id = \"x\"\n")}}, &reads}
	data, err := repofs.ReadFile(fsys, "c.toml", repofs.ContractLimit)
	require.NoError(t, err)
	assert.Equal(t, "id = \"x\"\n", string(data))
	assert.Equal(t, 1, reads)

	grown := growFS{fstest.MapFS{"c.toml": {Data: []byte("id = \"x\"\n")}}}
	data, err = repofs.ReadFile(grown, "c.toml", repofs.ContractLimit)
	require.NoError(t, err)
	assert.Equal(t, "id = \"x\"\n", string(data), "a file grown since Stat is read to its end")
}
