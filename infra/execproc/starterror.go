package execproc

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/espectacular/ah/ports"
)

// startError names the program: `start "foo": executable file not found in
// $PATH` rather than os/exec's `exec: "foo": ...`, and blames a missing
// working directory rather than the program fork/exec reports.
func startError(c ports.Command, program string, err error) error {
	if e, ok := errors.AsType[*exec.Error](err); ok {
		err = e.Err
	}
	if errors.Is(err, fs.ErrPermission) {
		err = permissionError(c, program, err)
	}
	if c.Dir != "" {
		if _, statErr := os.Stat(c.Dir); statErr != nil {
			err = fmt.Errorf("working directory: %w", statErr)
		}
	}
	return fmt.Errorf("start %q: %w", c.Argv[0], err)
}

// permissionError says why exec was denied when the program is a directory
// or lacks the execute bit: "permission denied" alone sends users looking
// for an access problem.
func permissionError(c ports.Command, program string, err error) error {
	if !filepath.IsAbs(program) && c.Dir != "" {
		program = filepath.Join(c.Dir, program)
	}
	fi, statErr := os.Stat(program)
	switch {
	case statErr != nil:
		return err
	case fi.IsDir():
		return notProgramError(c.Argv[0] + " is a directory, not a program")
	case fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 == 0:
		return notProgramError(c.Argv[0] + " is not executable (chmod +x it, or run it through its interpreter)")
	}
	return err
}

// notProgramError is a permission error whose message says what is wrong.
type notProgramError string

func (e notProgramError) Error() string { return string(e) }
func (notProgramError) Unwrap() error   { return fs.ErrPermission }
