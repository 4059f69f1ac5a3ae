package graphscript

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/espectacular/ah/ports"
)

// Script is one driver's graph script, as its run and its messages need
// it.
type Script struct {
	// Name is what messages call the graph ("the pytest import graph").
	Name string
	// Prefix starts the script's one line of output.
	Prefix string
	// Timeout bounds the interpreter's run.
	Timeout time.Duration
	// Says picks from the interpreter's stderr the line a failure quotes.
	Says func(stderr []byte) string
}

// Output is a script's decoded line.
type Output interface {
	// Covers is how many bindings the line describes.
	Covers() int
}

// Run runs cmd, bounded by the script's timeout, with program naming the
// interpreter, and decodes the script's line into out, which must
// describe want bindings. Any error means no graph; a cancelled run
// returns the context's error.
func (s Script) Run(ctx context.Context, proc ports.Process, cmd ports.Command, program string, want int, out Output) error {
	var stdout bytes.Buffer
	cmd.Timeout, cmd.Stdout = s.Timeout, &stdout
	res, err := proc.Run(ctx, cmd)
	switch {
	case err != nil:
		return fmt.Errorf("`%s` could not start (%v)", program, err)
	case res.TimedOut:
		return fmt.Errorf("%s took longer than %s", s.Name, s.Timeout)
	case res.Canceled:
		return ctx.Err()
	case res.ExitCode != 0:
		return fmt.Errorf("%s (%s) exited %d: %s", s.Name, program, res.ExitCode, s.Says(res.Stderr))
	}
	return s.read(stdout.Bytes(), want, out)
}

// read decodes the script's line in stdout (the last, should it print
// several) into out, which must describe want bindings.
func (s Script) read(stdout []byte, want int, out Output) error {
	found := false
	for line := range strings.SplitSeq(string(stdout), "\n") {
		if rest, ok := strings.CutPrefix(line, s.Prefix); ok {
			if err := json.Unmarshal([]byte(rest), out); err != nil {
				return fmt.Errorf("%s is not JSON (%v)", s.Name, err)
			}
			found = true
		}
	}
	switch {
	case !found:
		return fmt.Errorf("%s printed nothing", s.Name)
	case out.Covers() != want:
		return fmt.Errorf("%s covers %d of %d bindings", s.Name, out.Covers(), want)
	}
	return nil
}

// UseAll makes binding i of g use every node: its tests may read any
// file the graph holds.
func UseAll(g *ports.Graph, i int) {
	g.Uses[i] = make([]int, len(g.Nodes))
	for n := range g.Uses[i] {
		g.Uses[i][n] = n
	}
}
