package cli_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/espectacular/ah/cmd/ah/cli"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

// sandboxed is a process driver wrapping every command ah runs: it records
// the argv, then runs it under `env SANDBOXED=1`, standing in for bwrap,
// firejail or `docker exec`, through the real runner it wraps.
type sandboxed struct {
	next ports.Process
	mu   sync.Mutex
	seen [][]string
}

func (s *sandboxed) Run(ctx context.Context, c ports.Command) (ports.Result, error) {
	s.mu.Lock()
	s.seen = append(s.seen, c.Argv)
	s.mu.Unlock()
	c.Argv = append([]string{"env", "SANDBOXED=1"}, c.Argv...)
	return s.next.Run(ctx, c)
}

// Example runs ah in-process with injected ports: a process driver wrapping
// every test command, a git driver answering from fixed data, and a clock
// that advances 250 ms per reading.
func Example() {
	root, _ := os.MkdirTemp("", "ah-example-")
	defer os.RemoveAll(root)
	for name, content := range map[string]string{
		".espectacular/config.toml":     "tool_version = \"0.1.0\"\n",
		"openspec/specs/c/spec.md":      "# c\n\n#### Scenario: It works\n\nbody\n",
		".espectacular/c/it-works.toml": "id = \"it-works\"\ndescription = \"\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.shell]]\ncommand = \"test \\\"$SANDBOXED\\\" = 1\"\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		_ = os.MkdirAll(filepath.Dir(p), 0o755)
		_ = os.WriteFile(p, []byte(content), 0o644)
	}

	var out bytes.Buffer
	deps := cli.System() // the binary's wiring; swap what you need
	deps.Streams = &cli.IOStreams{Out: &out, Err: &out}
	deps.Drivers = nil // no framework probes: this repository runs shell tests only
	proc := &sandboxed{next: deps.Process}
	deps.Process = proc
	deps.Git = func(string) ports.Git {
		return &portstest.Git{InWorkTree: true, Changed: []string{".espectacular/c/it-works.toml"}}
	}
	deps.Clock = &portstest.Clock{T: time.Unix(0, 0), Step: 250 * time.Millisecond}

	code := cli.Main(context.Background(), []string{"check", "--run-tests", "--timings", "--json", "-C", root}, deps)
	fmt.Println("check exit:", code)
	fmt.Println("ran:", proc.seen)
	for _, l := range strings.Split(out.String(), "\n") {
		// The execution's verdict, and meta.duration_ms: two clock readings.
		if strings.Contains(l, `"verdict"`) || strings.HasPrefix(l, `    "duration_ms"`) {
			fmt.Println(strings.TrimSpace(l))
		}
	}

	out.Reset()
	code = cli.Main(context.Background(), []string{"doctor", "-C", root}, deps)
	fmt.Println("doctor exit:", code)
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.Contains(l, "uncommitted-specs") {
			fmt.Println(strings.Join(strings.Fields(l), " "))
		}
	}
	// Output:
	// check exit: 0
	// ran: [[/bin/sh -c test "$SANDBOXED" = 1]]
	// "verdict": "passed",
	// "duration_ms": 250,
	// doctor exit: 0
	// warn uncommitted-specs 1 file under openspec/specs or .espectacular is untracked or modified relative to HEAD: .espectacular/c/it-works.toml; CI will not see them: commit them
}
