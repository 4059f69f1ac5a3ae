// Package acceptance runs ah end to end: testscript scripts under
// testdata/<command>/*.txtar drive the real `ah` (the same cli.Main the
// binary runs, re-executed as a separate process) against fixture
// repositories.
package acceptance_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/espectacular/ah/acceptance"
	"github.com/espectacular/ah/cmd/ah/cli"
	"github.com/espectacular/ah/infra/signals"
)

func TestMain(m *testing.M) {
	testscript.Main(waitingScripts{m}, map[string]func(){
		"ah": func() {
			// The same as cmd/ah/main.go.
			ctx, stop := signals.Notify(context.Background())
			code := cli.Main(ctx, os.Args[1:], cli.System())
			os.Exit(cli.WithSignal(code, stop()))
		},
	})
}

// TestScript runs every script of every command folder: one entry point, so
// no folder can be wired to the wrong parameters.
func TestScript(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "*"))
	if err != nil {
		t.Fatal(err)
	}
	if acceptance.UpdateGolden() {
		// Rewritten goldens hold the literal version: unpin them once every
		// script has run (see version_test.go).
		t.Cleanup(func() { unpinScripts(t) })
	}
	for _, dir := range dirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() || filepath.Base(dir) == "fixtures" {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			testscript.Run(t, params(dir))
		})
	}
}

func params(dir string) testscript.Params {
	return testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       acceptance.UpdateGolden(),
		Setup:               setup,
		Cmds:                commands(),
		Condition:           condition,
	}
}
