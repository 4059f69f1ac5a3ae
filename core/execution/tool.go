package execution

import (
	"bytes"
	"context"
	"maps"
	"path"
	"slices"
	"time"

	"github.com/espectacular/ah/ports"
)

// Tool is one run of a tool that is not a test binding (the mutation tool
// of ah check --mutation): its files are written to a fresh scratch
// directory, then its command runs in env.Dir. It goes through the same
// Env as every test job, so ah starts processes in one way only.
type Tool struct {
	// Argv is the command, given the absolute path of the run's scratch
	// directory. The wrapper is not put before it: a tool wraps the tests
	// it runs itself.
	Argv func(scratch string) []string
	// Files are written to the scratch directory before the run, by name.
	Files map[string][]byte
	// Timeout bounds the run; zero means no bound beyond ctx.
	Timeout time.Duration
	// MaxStdout bounds the stdout kept whole (a report listing every
	// mutant is far longer than a tail); the last bytes are kept. Zero
	// means ports.DefaultTailBytes.
	MaxStdout int
}

// ToolRun is what a tool's run left behind.
type ToolRun struct {
	Result ports.Result
	// StartErr is set when the scratch directory, a file or the process
	// could not be made or started.
	StartErr error
	// Stdout is the last MaxStdout (up to twice that) bytes of stdout.
	Stdout []byte
}

// RunTool runs t in env and removes its scratch directory afterwards.
func RunTool(ctx context.Context, env Env, t Tool) ToolRun {
	var r ToolRun
	dir, err := env.Scratch.MkdirTemp(ctx)
	if err != nil {
		r.StartErr = err
		return r
	}
	defer func() { _ = env.Scratch.RemoveAll(dir) }()
	for _, name := range slices.Sorted(maps.Keys(t.Files)) {
		if err := env.Scratch.WriteFile(path.Join(dir, name), t.Files[name]); err != nil {
			r.StartErr = err
			return r
		}
	}
	n := t.MaxStdout
	if n <= 0 {
		n = ports.DefaultTailBytes
	}
	var stdout bytes.Buffer
	cmd := ports.Command{Argv: t.Argv(dir), Dir: env.Dir, Timeout: t.Timeout, Stdout: &limited{buf: &stdout, n: n}}
	r.Result, r.StartErr = env.Process.Run(ctx, cmd)
	r.Stdout = stdout.Bytes()
	return r
}

// limited keeps about the last n bytes written: a tool's score is its last
// line, so a tool that logs on stdout first cannot push it out.
type limited struct {
	buf *bytes.Buffer
	n   int
}

func (l *limited) Write(p []byte) (int, error) {
	l.buf.Write(p)
	if l.buf.Len() > 2*l.n {
		keep := bytes.Clone(l.buf.Bytes()[l.buf.Len()-l.n:])
		l.buf.Reset()
		l.buf.Write(keep)
	}
	return len(p), nil
}
