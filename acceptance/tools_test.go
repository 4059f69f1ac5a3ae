package acceptance_test

import (
	"os"
	"path/filepath"

	"github.com/rogpeppe/go-internal/testscript"
)

// toolEnv hands the machine's toolchain locations to a script. testscript
// starts from an empty environment and setup points HOME at $WORK, so
// rustup's proxies (cargo) would find no toolchain and go would build the
// standard library into a cold cache in every script.
func toolEnv(env *testscript.Env) {
	home, _ := os.UserHomeDir()
	rustup := os.Getenv("RUSTUP_HOME")
	if rustup == "" && home != "" {
		if fi, err := os.Stat(filepath.Join(home, ".rustup")); err == nil && fi.IsDir() {
			rustup = filepath.Join(home, ".rustup")
		}
	}
	if rustup != "" {
		env.Setenv("RUSTUP_HOME", rustup)
	}
	gocache := os.Getenv("GOCACHE")
	if gocache == "" {
		if dir, err := os.UserCacheDir(); err == nil {
			gocache = filepath.Join(dir, "go-build")
		}
	}
	if gocache != "" {
		env.Setenv("GOCACHE", gocache)
	}
	// A fixture must never make go download a toolchain or a module.
	env.Setenv("GOTOOLCHAIN", "local")
	env.Setenv("GOPROXY", "off")
}
