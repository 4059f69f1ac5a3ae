package main

import "path/filepath"

// goTestPrinting200MiB is a Go test that writes 200 MiB to stdout in 1 KiB
// lines; go test -json wraps each line in an output event.
const goTestPrinting200MiB = `package big

import (
	"fmt"
	"strings"
	"testing"
)

func TestPrints(t *testing.T) {
	line := strings.Repeat("x", 1023)
	for range 200 * 1024 {
		fmt.Println(line)
	}
}
`

// memoryGo runs one go test job, through the go adapter, whose test prints
// 200 MiB, and reports ah's peak resident set: the test2json stream is
// parsed while it streams, so it is never held in memory.
func (b bench) memoryGo() error {
	root := filepath.Join(b.tmp, "memory-go")
	files := map[string]string{
		".espectacular/config.toml":    "tool_version = \"0.1.0\"\n\n[execution]\ndefault_timeout_seconds = 600\n",
		"go.mod":                       "module example.com/big\n\ngo 1.22\n",
		"big_test.go":                  goTestPrinting200MiB,
		"openspec/specs/bench/spec.md": "# bench\n\n#### Scenario: Prints\n\nTHEN it prints\n",
		".espectacular/bench/prints.toml": "id = \"prints\"\ndescription = \"bench\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n" +
			"[[tests.go]]\nflags = \"-count=1 -run '^TestPrints$' .\"\n",
	}
	if err := writeFiles(root, files); err != nil {
		return err
	}
	return b.reportMemory(root, true, "one go test job (go adapter, -json) printing 200 MiB on stdout", "passed")
}
