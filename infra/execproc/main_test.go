package execproc_test

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/espectacular/ah/ports"
)

// helperEnv selects a child behaviour: the test binary re-executes itself
// as the child process, so no external program is needed.
const helperEnv = "AH_EXECPROC_HELPER"

// readyEnv names a file the child creates once it is set up, so tests
// signal it only when it is ready and never race its start-up.
const readyEnv = "AH_EXECPROC_READY"

// helpers maps a mode to a child body returning its exit code. Unix-only
// modes are added by runner_unix_test.go.
var helpers = map[string]func(args []string) int{
	"exit": func(args []string) int {
		code, _ := strconv.Atoi(args[0])
		return code
	},
	"streams": func([]string) int {
		fmt.Fprint(os.Stdout, "to stdout\n")
		fmt.Fprint(os.Stderr, "to stderr\n")
		return 0
	},
	"flood": func(args []string) int {
		n, _ := strconv.Atoi(args[0])
		if _, err := os.Stdout.Write(pattern(0, n)); err != nil {
			return 1
		}
		return 0
	},
	"flood-stderr": func(args []string) int {
		n, _ := strconv.Atoi(args[0])
		if _, err := os.Stderr.Write(pattern(0, n)); err != nil {
			return 1
		}
		return 0
	},
	"sleep": func([]string) int {
		ready()
		time.Sleep(time.Minute)
		return 0
	},
	"pwd": func([]string) int {
		wd, err := os.Getwd()
		if err != nil {
			return 1
		}
		fmt.Print(wd)
		return 0
	},
	"env": func(args []string) int {
		for _, name := range args {
			fmt.Printf("%s=%s\n", name, os.Getenv(name))
		}
		return 0
	},
}

var self string // the test binary, run as the child

func TestMain(m *testing.M) {
	var err error
	if self, err = os.Executable(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if mode, ok := os.LookupEnv(helperEnv); ok {
		os.Exit(helpers[mode](os.Args[1:]))
	}
	setUpParent()
	os.Exit(m.Run())
}

// helper returns a Command running the test binary in the given mode.
func helper(mode string, args ...string) ports.Command {
	return ports.Command{
		Argv: append([]string{self}, args...),
		// Under -race a child otherwise sleeps 1 s before exiting.
		Env: []string{helperEnv + "=" + mode, "GORACE=atexit_sleep_ms=0"},
	}
}

// ready creates the file named by readyEnv, if any.
func ready() {
	if name := os.Getenv(readyEnv); name != "" {
		_ = os.WriteFile(name, nil, 0o600)
	}
}

// pattern returns n bytes of a-z starting at offset off: ASCII, so a tail
// cut anywhere is already on a UTF-8 boundary.
func pattern(off, n int) []byte {
	const letters = "abcdefghijklmnopqrstuvwxyz"
	k := off % len(letters)
	return bytes.Repeat([]byte(letters[k:]+letters[:k]), n/len(letters)+1)[:n]
}
