package execproc

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"

	"github.com/espectacular/ah/ports"
)

// startError names the program and says in plain words why it could not
// start: `start "foo": executable file not found in $PATH` rather than
// os/exec's `exec: "foo": ...` or `fork/exec /x: ...`, and blames a missing
// working directory rather than the program.
func startError(c ports.Command, program string, err error) error {
	missing := errors.Is(err, exec.ErrNotFound)
	if e, ok := errors.AsType[*exec.Error](err); ok {
		err = e.Err
	}
	if errors.Is(err, fs.ErrPermission) {
		err = permissionError(c, program, err)
	}
	if e, ok := errors.AsType[*fs.PathError](err); ok && e.Op == "fork/exec" {
		err = plainError{why(e.Err, program), e.Err}
		missing = missing || errors.Is(e.Err, fs.ErrNotExist) && !exists(c, program)
	}
	if c.Dir != "" {
		if _, statErr := os.Stat(c.Dir); statErr != nil {
			err = plainError{dirProblem(c.Dir, statErr), statErr}
			missing = false
		}
	}
	err = fmt.Errorf("start %q: %w", c.Argv[0], err)
	if missing {
		return &ports.ProgramNotFoundError{Program: c.Argv[0], Err: err}
	}
	return err
}

// exists reports whether program (relative to c.Dir unless absolute) is a
// file: a program that exists but could not start for want of its #!
// interpreter is not itself missing.
func exists(c ports.Command, program string) bool {
	if !filepath.IsAbs(program) && c.Dir != "" {
		program = filepath.Join(c.Dir, program)
	}
	_, err := os.Stat(program)
	return err == nil
}

// dirProblem says what is wrong with a working directory.
func dirProblem(dir string, err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "the working directory " + dir + " does not exist"
	case errors.Is(err, fs.ErrPermission):
		return "the working directory " + dir + " cannot be accessed (permission denied)"
	}
	return "the working directory " + dir + ": " + why(err, dir)
}

// pipeError reports that the pipes for a child's output could not be made
// (os.Pipe says "pipe2: ...").
func pipeError(c ports.Command, err error) error {
	return fmt.Errorf("start %q: %w", c.Argv[0], plainError{"could not create the pipes for its output: " + why(err, ""), err})
}

// why says what an errno means for starting a program at path.
func why(err error, path string) string {
	switch {
	case errors.Is(err, syscall.EMFILE), errors.Is(err, syscall.ENFILE):
		return "too many open files: ah ran out of file descriptors (lower --jobs, or raise the limit with `ulimit -n`)"
	case errors.Is(err, syscall.EAGAIN):
		return "too many processes: the system refused to create another (lower --jobs, or raise the limit with `ulimit -u`)"
	case errors.Is(err, syscall.ENOMEM):
		return "not enough memory to start it"
	case errors.Is(err, syscall.E2BIG):
		return "its arguments and environment are too long"
	case errors.Is(err, syscall.ENOEXEC):
		return path + " is not a program this system can run (a script needs a #! line)"
	case errors.Is(err, fs.ErrNotExist) && path != "":
		return path + " does not exist (or the interpreter on its #! line does not)"
	case errors.Is(err, syscall.ENOTDIR):
		return "a part of " + path + " is not a directory"
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno.Error()
	}
	return err.Error()
}

// plainError is a message in plain words that still matches its cause
// with errors.Is.
type plainError struct {
	msg   string
	cause error
}

func (e plainError) Error() string { return e.msg }
func (e plainError) Unwrap() error { return e.cause }

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
