package main

import (
	"context"
	"os"

	"github.com/espectacular/ah/cmd/ah/cli"
	"github.com/espectacular/ah/infra/gcpace"
	"github.com/espectacular/ah/infra/signals"
)

func main() {
	gcpace.Start()
	ctx, stop := signals.Notify(context.Background())
	code := cli.Main(ctx, os.Args[1:], cli.System())
	os.Exit(cli.WithSignal(code, stop()))
}
