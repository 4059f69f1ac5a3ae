// Command execfloor runs each line of a file as `/bin/sh -c LINE` with
// os/exec, one after the other, and does nothing else: what any Go program
// pays to run tests, set by the overhead benchmark beside ah and a shell
// loop running the same commands.
//
//	execfloor COMMANDS-FILE
package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

func main() {
	// One processor, as ah runs tests at --jobs 1 (cmd/ah/cli capProcs):
	// with more, every start pays cross-thread wake-ups, and the floor
	// would sit above what ah does.
	runtime.GOMAXPROCS(1)
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: execfloor COMMANDS-FILE")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for line := range strings.Lines(string(data)) {
		if err := exec.Command("/bin/sh", "-c", strings.TrimSuffix(line, "\n")).Run(); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", line, err)
			os.Exit(1)
		}
	}
}
