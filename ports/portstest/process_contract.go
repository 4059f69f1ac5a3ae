package portstest

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/ports"
)

// ContractMissingProgram is a program that RunProcessContract expects to be
// absent. A scripted implementation answers it with
// ProcessNotFound(ContractMissingProgram), as the OS would.
const ContractMissingProgram = "ah-contract-no-such-program"

// RunProcessContract checks what every ports.Process must do whatever
// actually runs the commands, so a fake cannot drift from the real runner on
// these points. It runs no real program: what a program does is the
// business of each implementation's own tests. newProcess returns a fresh
// implementation for each subtest.
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
