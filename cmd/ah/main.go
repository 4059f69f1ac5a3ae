// Command ah is the spec verification gate.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/espectacular/ah/cmd/ah/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Main(ctx, os.Args[1:], cli.System())
	stop()
	os.Exit(code)
}
