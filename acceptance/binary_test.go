package acceptance_test

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// executableMagic are the first bytes of the compiled programs Go builds:
// ELF (Linux, BSD), Mach-O thin (32/64-bit, both byte orders) and fat
// (macOS), and PE (Windows, "MZ").
var executableMagic = map[string][]byte{
	"ELF":            {0x7f, 'E', 'L', 'F'},
	"Mach-O":         {0xfe, 0xed, 0xfa, 0xce},
	"Mach-O 64":      {0xfe, 0xed, 0xfa, 0xcf},
	"Mach-O (LE)":    {0xce, 0xfa, 0xed, 0xfe},
	"Mach-O 64 (LE)": {0xcf, 0xfa, 0xed, 0xfe},
	"Mach-O fat":     {0xca, 0xfe, 0xba, 0xbe},
	"PE":             {'M', 'Z'},
}

// TestNoCompiledBinaryTracked keeps build outputs out of the repository: a
// `go build` in the root writes a binary named after the package (a 4 MB
// `bench` was once committed), and .gitignore only covers the names it lists.
func TestNoCompiledBinaryTracked(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("not a git checkout (%v): nothing tracked to check", err)
	}
	for name := range strings.SplitSeq(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if kind := executableKind(t, filepath.Join(root, filepath.FromSlash(name))); kind != "" {
			t.Errorf("%s is a compiled %s binary: git rm --cached %s, and list it in .gitignore if a build writes it", name, kind, name)
		}
	}
}

// executableKind names the executable format of the file at path, or "" when
// it is none (or gone: a tracked file deleted in the worktree is not a
// binary here).
func executableKind(t *testing.T, path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	head := make([]byte, 4)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		t.Fatalf("read %s: %v", path, err)
	}
	for kind, magic := range executableMagic {
		if n >= len(magic) && bytes.Equal(head[:len(magic)], magic) {
			return kind
		}
	}
	return ""
}
