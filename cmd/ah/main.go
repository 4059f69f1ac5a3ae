package main

import (
	"context"
	"os"

	"github.com/espectacular/ah/cmd/ah/cli"
	"github.com/espectacular/ah/infra/signals"
)

func main() {
	ctx, stop := signals.Notify(context.Background())
	code := cli.Main(ctx, os.Args[1:], cli.System())
	// An interrupted run exits 128+n for the signal n that stopped it (130
	// for Ctrl-C), as a shell reports a process that signal ended.
	if n := stop(); n > 0 && code == cli.ExitInterrupted {
		code = 128 + n
	}
	os.Exit(code)
}
