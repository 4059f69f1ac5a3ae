package portstest

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/ports"
)

// ContractMissingProgram is a program that RunProcessContract expects to be
// absent. A scripted implementation answers it with
// ProcessNotFound(ContractMissingProgram), as the OS would.
const ContractMissingProgram = "ah-contract-no-such-program"

// ContractStreamArgv is the one program RunProcessContract runs: it
// prints "first", waits until the file named by $AH_CONTRACT_GATE exists,
// prints "second" and exits 0. A scripted implementation plays it with
// PlayContractStream.
var ContractStreamArgv = []string{"sh", "-c", `echo first; while [ ! -e "$AH_CONTRACT_GATE" ]; do sleep 0.01; done; echo second`}

// PlayContractStream is ContractStreamArgv played by a scripted Process
// (its Func): it writes "first" to cmd.Stdout as it is written, then
// "second" only if the gate exists by then. The output goes to cmd.Stdout
// only, so Process does not write it a second time.
func PlayContractStream(cmd ports.Command) (ports.Result, error) {
	if cmd.Stdout == nil {
		return ports.Result{ExitCode: 2}, nil
	}
	_, _ = cmd.Stdout.Write([]byte("first\n"))
	for _, kv := range cmd.Env {
		if gate, ok := strings.CutPrefix(kv, "AH_CONTRACT_GATE="); ok {
			if _, err := os.Stat(gate); err != nil {
				return ports.Result{ExitCode: 1}, nil
			}
			_, _ = cmd.Stdout.Write([]byte("second\n"))
			return ports.Result{}, nil
		}
	}
	return ports.Result{ExitCode: 1}, nil
}

// gateWriter opens the gate once "first" has reached it.
type gateWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	gate string
	err  error
}

func (g *gateWriter) Write(b []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.buf.Write(b)
	if bytes.HasPrefix(g.buf.Bytes(), []byte("first\n")) {
		if _, err := os.Stat(g.gate); errors.Is(err, os.ErrNotExist) {
			g.err = os.WriteFile(g.gate, nil, 0o600)
		}
	}
	return len(b), nil
}

// RunProcessContract checks what every ports.Process must do whatever
// actually runs the commands, so a fake cannot drift from the real runner on
// these points. It runs one real program, ContractStreamArgv (a scripted
// implementation plays it): what other programs do is the business of each
// implementation's own tests. newProcess returns a fresh implementation for
// each subtest.
func RunProcessContract(t *testing.T, newProcess func(t *testing.T) ports.Process) {
	t.Helper()

	t.Run("EmptyArgvIsAnError", func(t *testing.T) {
		res, err := newProcess(t).Run(t.Context(), ports.Command{})
		require.Error(t, err)
		assert.Equal(t, -1, res.ExitCode)
	})

	t.Run("MissingProgramIsAStartError", func(t *testing.T) {
		res, err := newProcess(t).Run(t.Context(), ports.Command{Argv: []string{ContractMissingProgram}})
		require.Error(t, err)
		assert.Contains(t, err.Error(), `"`+ContractMissingProgram+`"`, "the error names the program")
		assert.Equal(t, -1, res.ExitCode)
	})

	t.Run("DoneContextStartsNothing", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		// Cancellation wins over every other outcome, even a missing program.
		res, err := newProcess(t).Run(ctx, ports.Command{Argv: []string{ContractMissingProgram}})
		require.NoError(t, err)
		assert.True(t, res.Canceled)
		assert.Equal(t, -1, res.ExitCode)
	})

	t.Run("CommandIsNotModified", func(t *testing.T) {
		cmd := ports.Command{
			Argv: make([]string, 2, 8),
			Env:  make([]string, 1, 8),
			Dir:  ".",
		}
		cmd.Argv[0], cmd.Argv[1], cmd.Env[0] = ContractMissingProgram, "arg", "AH_CONTRACT=1"
		argv, env := cmd.Argv[:cap(cmd.Argv)], cmd.Env[:cap(cmd.Env)]
		want := ports.Command{Argv: slices.Clone(cmd.Argv), Env: slices.Clone(cmd.Env), Dir: "."}
		wantArgv, wantEnv := slices.Clone(argv), slices.Clone(env)

		_, _ = newProcess(t).Run(t.Context(), cmd)
		assert.Equal(t, want, cmd)
		assert.Equal(t, wantArgv, argv, "spare capacity of Argv was written")
		assert.Equal(t, wantEnv, env, "spare capacity of Env was written")
	})

	// Command.Stdout receives stdout as the child writes it, before the
	// child ends: the child waits for the gate that only its first line,
	// once received, opens (issue 37: progress while a batch runs). A
	// runner that delivered stdout only at the end would leave the child
	// waiting until the bound, a liveness limit, not a speed one.
	t.Run("StdoutStreamsBeforeExit", func(t *testing.T) {
		if runtime.GOOS == "windows" {
			t.Skip("the contract's program is a POSIX shell script")
		}
		w := &gateWriter{gate: filepath.Join(t.TempDir(), "gate")}
		res, err := newProcess(t).Run(t.Context(), ports.Command{
			Argv: ContractStreamArgv, Env: []string{"AH_CONTRACT_GATE=" + w.gate}, Timeout: 5 * time.Minute, Stdout: w,
		})
		require.NoError(t, err)
		require.NoError(t, w.err)
		assert.False(t, res.TimedOut, "the first line never reached Stdout while the child ran")
		assert.Equal(t, 0, res.ExitCode)
		w.mu.Lock()
		defer w.mu.Unlock()
		assert.Equal(t, "first\nsecond\n", w.buf.String())
	})

	t.Run("ConcurrentUse", func(t *testing.T) {
		p := newProcess(t)
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Go(func() {
				_, errs[i] = p.Run(t.Context(), ports.Command{Argv: []string{ContractMissingProgram}})
			})
		}
		wg.Wait()
		for _, err := range errs {
			assert.Error(t, err)
		}
	})
}
