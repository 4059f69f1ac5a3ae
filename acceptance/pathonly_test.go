package acceptance_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdPathOnly narrows $PATH to ah itself plus the named programs:
// path-only [NAME...]. Adapter detection probes the environment (pytest,
// cargo, vitest, go), so doctor output is only reproducible when the script
// decides which tools exist. The previous $PATH is kept in $FULL_PATH, so a
// later phase can restore it with `env PATH=$FULL_PATH`.
func cmdPathOnly(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("usage: path-only [NAME...]")
	}
	full := ts.Getenv("PATH")
	var ahDir string
	for _, dir := range filepath.SplitList(full) {
		if fi, err := os.Stat(filepath.Join(dir, "ah")); err == nil && !fi.IsDir() {
			ahDir = dir
			break
		}
	}
	if ahDir == "" {
		ts.Fatalf("path-only: ah is not on $PATH")
	}
	bin := ts.MkAbs(".path-only")
	ts.Check(os.MkdirAll(bin, 0o755))
	for _, name := range args {
		p, err := lookPathIn(name, full)
		if err != nil {
			ts.Fatalf("path-only: %s is not on $PATH", name)
		}
		ts.Check(os.Symlink(p, filepath.Join(bin, name)))
	}
	ts.Setenv("FULL_PATH", full)
	ts.Setenv("PATH", strings.Join([]string{ahDir, bin}, string(filepath.ListSeparator)))
}

// lookPathIn is exec.LookPath over the script's $PATH, not the test's.
func lookPathIn(name, path string) (string, error) {
	for _, dir := range filepath.SplitList(path) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}
