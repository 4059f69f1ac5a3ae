package portstest_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func TestProcessContract(t *testing.T) {
	portstest.RunProcessContract(t, func(*testing.T) ports.Process {
		missing := portstest.ProcessNotFound(portstest.ContractMissingProgram)
		return &portstest.Process{Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
			if slices.Equal(cmd.Argv, portstest.ContractStreamArgv) {
				return portstest.PlayContractStream(cmd)
			}
			return missing.Result, missing.Err
		}}
	})
}

func TestProcessAnswers(t *testing.T) {
	boom := errors.New("boom")
	p := &portstest.Process{
		Responses: map[string]portstest.ProcessResponse{
			portstest.ProcessKey("git", "status"): {Result: ports.Result{Stdout: []byte("clean")}},
			portstest.ProcessKey("git", "fail"):   {Result: ports.Result{ExitCode: 128}, Err: boom},
		},
		Default: portstest.ProcessResponse{Result: ports.Result{ExitCode: 7}},
	}
	tests := []struct {
		name     string
		argv     []string
		wantCode int
		wantOut  string
		wantErr  error
	}{
		{name: "scripted", argv: []string{"git", "status"}, wantOut: "clean"},
		{name: "scripted error", argv: []string{"git", "fail"}, wantCode: 128, wantErr: boom},
		{name: "argv is matched whole", argv: []string{"git", "status", "-z"}, wantCode: 7},
		{name: "default", argv: []string{"pytest"}, wantCode: 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := p.Run(t.Context(), ports.Command{Argv: tt.argv})
			assert.ErrorIs(t, err, tt.wantErr)
			assert.Equal(t, tt.wantCode, res.ExitCode)
			assert.Equal(t, tt.wantOut, string(res.Stdout))
		})
	}
}

func TestProcessFuncTakesPrecedence(t *testing.T) {
	p := &portstest.Process{
		Func: func(_ context.Context, cmd ports.Command) (ports.Result, error) {
			return ports.Result{Stdout: []byte(cmd.Dir)}, nil
		},
		Default: portstest.ProcessResponse{Result: ports.Result{ExitCode: 7}},
	}
	res, err := p.Run(t.Context(), ports.Command{Argv: []string{"x"}, Dir: "/repo"})
	require.NoError(t, err)
	assert.Equal(t, ports.Result{Stdout: []byte("/repo")}, res)
}

func TestProcessRecordsCommands(t *testing.T) {
	p := &portstest.Process{}
	argv := []string{"go", "test", "./..."}
	_, _ = p.Run(t.Context(), ports.Command{Argv: argv, Dir: "/repo", Env: []string{"A=1"}})
	argv[1] = "vet" // the record must not alias the caller's slice
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	res, _ := p.Run(ctx, ports.Command{Argv: []string{"late"}})
	assert.True(t, res.Canceled)

	want := []ports.Command{
		{Argv: []string{"go", "test", "./..."}, Dir: "/repo", Env: []string{"A=1"}},
		{Argv: []string{"late"}},
	}
	calls := p.Calls()
	assert.Equal(t, want, calls)
	calls[0].Argv[0] = "changed"
	assert.Equal(t, [][]string{{"go", "test", "./..."}, {"late"}}, p.Argvs())
}

func TestProcessResultIsACopy(t *testing.T) {
	p := &portstest.Process{Default: portstest.ProcessResponse{Result: ports.Result{Stdout: []byte("out")}}}
	res, _ := p.Run(t.Context(), ports.Command{Argv: []string{"x"}})
	res.Stdout[0] = 'X'
	res, _ = p.Run(t.Context(), ports.Command{Argv: []string{"x"}})
	assert.Equal(t, "out", string(res.Stdout))
}
