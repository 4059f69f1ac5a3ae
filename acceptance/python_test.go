package acceptance_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// pythonDir, when set, holds one entry, `python3`, a link to the interpreter
// of the `pytest` script on PATH. Scripts get it ahead of PATH when `python3`
// on PATH is another interpreter: on a machine whose `python3` is a pyenv
// shim without pytest, every pytest probe of every script first ran that
// shim (a chain of about sixteen bash processes, 0.35 s of CPU) only to see
// it fail, about 40 s of CPU over the suite. Falling back from such an
// interpreter is proven on its own, with a fake `python3`, by
// adapters/adapter-pytest-environment.
var pythonDir string

// linkPytestPython creates pythonDir and returns a function removing it; it
// does nothing when the two interpreters are the same or either is missing
// (without a `python3`, its probe fails at once).
func linkPytestPython() (cleanup func()) {
	cleanup = func() {}
	interp := pytestInterpreter()
	if interp == "" {
		return cleanup
	}
	if py, err := exec.LookPath("python3"); err != nil || sameFile(py, interp) {
		return cleanup
	}
	dir, err := os.MkdirTemp("", "ah-acceptance-python-")
	if err != nil {
		return cleanup
	}
	if err := os.Symlink(interp, filepath.Join(dir, "python3")); err != nil {
		os.RemoveAll(dir)
		return cleanup
	}
	pythonDir = dir
	return func() { os.RemoveAll(dir) }
}

// pytestInterpreter is the absolute interpreter on the `#!` line of the
// `pytest` script on PATH ("" when there is none or it goes through env).
func pytestInterpreter() string {
	script, err := exec.LookPath("pytest")
	if err != nil {
		return ""
	}
	f, err := os.Open(script)
	if err != nil {
		return ""
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadString('\n')
	fields := strings.Fields(strings.TrimPrefix(line, "#!"))
	if !strings.HasPrefix(line, "#!") || len(fields) != 1 || !filepath.IsAbs(fields[0]) {
		return ""
	}
	if _, err := os.Stat(fields[0]); err != nil {
		return ""
	}
	return fields[0]
}

func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// pythonFirst puts pythonDir, if any, ahead of the script's PATH.
func pythonFirst(env *testscript.Env) {
	if pythonDir != "" {
		env.Setenv("PATH", pythonDir+string(filepath.ListSeparator)+env.Getenv("PATH"))
	}
}
