package acceptance_test

import (
	"fmt"
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

// installed is the [installed:FIXTURE] condition: the fixture's npm
// dependencies are installed (`npm ci --prefix
// acceptance/testdata/fixtures/FIXTURE`, as .ci/run does). With
// AH_REQUIRE_TOOLS=1 a missing install fails the script instead of
// skipping it.
func installed(fixture string) (bool, error) {
	bin := filepath.Join("testdata", "fixtures", fixture, "node_modules", ".bin")
	if fi, err := os.Stat(bin); err == nil && fi.IsDir() {
		return true, nil
	}
	if os.Getenv("AH_REQUIRE_TOOLS") == "1" {
		return false, fmt.Errorf("%s is required (AH_REQUIRE_TOOLS=1) but not installed: run npm ci --prefix acceptance/testdata/fixtures/%s", bin, fixture)
	}
	return false, nil
}
