package portstest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/espectacular/ah/ports"
)

// ProcessResponse is one scripted answer of Process.
type ProcessResponse struct {
	Result ports.Result
	Err    error
}

// ProcessKey is the key of Process.Responses for a command's argv.
func ProcessKey(argv ...string) string {
	return strings.Join(argv, "\x00")
}

// ProcessNotFound is the answer the real runner gives for a program that is
// not installed: a start error naming it, and exit code -1.
func ProcessNotFound(program string) ProcessResponse {
	return ProcessResponse{
		Result: ports.Result{ExitCode: -1},
		Err:    fmt.Errorf("start %q: executable file not found in $PATH", program),
	}
}

// Process is a scripted ports.Process that records every command it
// receives. It answers from Func when set, else from Responses keyed by
// ProcessKey(argv...), else with Default. Like the real runner, it rejects
// an empty argv and reports an already-done ctx as Canceled without
// consulting the script. Configure it before the first Run; it is then safe
// for concurrent use.
type Process struct {
	Func      func(ctx context.Context, cmd ports.Command) (ports.Result, error)
	Responses map[string]ProcessResponse
	Default   ProcessResponse

	mu    sync.Mutex
	calls []ports.Command
}

var _ ports.Process = (*Process)(nil)

// Run records cmd and returns the scripted answer.
func (p *Process) Run(ctx context.Context, cmd ports.Command) (ports.Result, error) {
	p.mu.Lock()
	p.calls = append(p.calls, cloneCommand(cmd))
	p.mu.Unlock()

	if len(cmd.Argv) == 0 {
		return ports.Result{ExitCode: -1}, errors.New("start: empty argv, no program to run")
	}
	if ctx.Err() != nil {
		return ports.Result{ExitCode: -1, Canceled: true}, nil
	}
	var res ports.Result
	var err error
	if p.Func != nil {
		res, err = p.Func(ctx, cloneCommand(cmd))
	} else {
		r, ok := p.Responses[ProcessKey(cmd.Argv...)]
		if !ok {
			r = p.Default
		}
		res, err = cloneResult(r.Result), r.Err
	}
	if cmd.Stdout != nil && err == nil {
		// The scripted stdout is the whole stream, as a real run writes it.
		_, _ = cmd.Stdout.Write(res.Stdout)
	}
	if cmd.Stderr != nil && err == nil {
		_, _ = cmd.Stderr.Write(res.Stderr)
	}
	return res, err
}

// Calls returns a copy of every command received so far, in order.
func (p *Process) Calls() []ports.Command {
	p.mu.Lock()
	defer p.mu.Unlock()
	calls := make([]ports.Command, len(p.calls))
	for i, c := range p.calls {
		calls[i] = cloneCommand(c)
	}
	return calls
}

// Argvs returns the argv of every command received so far, in order: the
// common assertion, without Dir, Env or limits.
func (p *Process) Argvs() [][]string {
	calls := p.Calls()
	argvs := make([][]string, len(calls))
	for i, c := range calls {
		argvs[i] = c.Argv
	}
	return argvs
}

// cloneCommand keeps the record independent of slices the caller reuses.
func cloneCommand(c ports.Command) ports.Command {
	c.Argv = slices.Clone(c.Argv)
	c.Env = slices.Clone(c.Env)
	return c
}

// cloneResult keeps the script independent of callers mutating output.
func cloneResult(r ports.Result) ports.Result {
	r.Stdout = bytes.Clone(r.Stdout)
	r.Stderr = bytes.Clone(r.Stderr)
	return r
}
