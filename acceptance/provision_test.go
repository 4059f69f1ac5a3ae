package acceptance_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/espectacular/ah/acceptance/internal/provision"
)

// provisioned memoises provisioning per name within this test process; the
// provision package's lock orders processes.
var provisioned sync.Map // name -> func() (string, error)

// provide gets NAME for the tests: a fixture under testdata/fixtures with a
// package-lock.json (its node_modules, installed by npm ci from the
// lockfile, needing node) or a tool of tools/go.mod (built by go tool).
// It returns the directory to put on PATH for a tool, "" for a fixture.
func provide(name string) (string, error) {
	once, _ := provisioned.LoadOrStore(name, sync.OnceValues(func() (string, error) {
		fixture := filepath.Join("testdata", "fixtures", name)
		if _, err := os.Stat(filepath.Join(fixture, "package-lock.json")); err == nil {
			if _, err := exec.LookPath("node"); err != nil {
				return "", &provision.MissingError{Program: "node"}
			}
			return "", provision.Fixture(fixture)
		}
		bin, err := provision.GoTool("..", name)
		if err != nil {
			return "", err
		}
		return filepath.Dir(bin), nil
	}))
	return once.(func() (string, error))()
}

// cmdNeed provisions what a script needs: need NAME (see provide). A tool
// on PATH for the script is prepended to its PATH. A program that cannot be
// had (node, npm, go) skips the script naming it and how to install it, or
// fails it with AH_REQUIRE_TOOLS=1; a provisioning that fails (npm ci
// without a network) fails it.
func cmdNeed(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: need NAME")
	}
	dir, err := provide(args[0])
	if missing, ok := errors.AsType[*provision.MissingError](err); ok {
		if os.Getenv("AH_REQUIRE_TOOLS") == "1" {
			ts.Fatalf("%s is required (AH_REQUIRE_TOOLS=1): %v", args[0], missing)
		}
		ts.Value(scriptT{}).(testscript.T).Skip(missing.Error())
	}
	ts.Check(err)
	if dir != "" {
		ts.Setenv("PATH", dir+string(os.PathListSeparator)+ts.Getenv("PATH"))
	}
}

// scriptT keys the script's testscript.T in its values (setup stores it):
// a command cannot skip its script otherwise.
type scriptT struct{}

// installed is the [installed:FIXTURE] condition: the fixture's npm
// dependencies are installed, provisioning them if they can be (see
// provide). With AH_REQUIRE_TOOLS=1 a program that cannot be had fails the
// script instead of making the condition false.
func installed(fixture string) (bool, error) {
	_, err := provide(fixture)
	if missing, ok := errors.AsType[*provision.MissingError](err); ok {
		if os.Getenv("AH_REQUIRE_TOOLS") == "1" {
			return false, errors.New(fixture + " is required (AH_REQUIRE_TOOLS=1): " + missing.Error())
		}
		return false, nil
	}
	return err == nil, err
}

// needFixture is cmdNeed for a Go test: provisions the fixture NAME and
// returns its absolute path; a program that cannot be had skips the test
// (fails it with AH_REQUIRE_TOOLS=1).
func needFixture(t testing.TB, name string) string {
	t.Helper()
	if _, err := provide(name); err != nil {
		if missing, ok := errors.AsType[*provision.MissingError](err); ok && os.Getenv("AH_REQUIRE_TOOLS") != "1" {
			t.Skip(missing.Error())
		}
		t.Fatalf("provision %s: %v", name, err)
	}
	dir, err := filepath.Abs(filepath.Join("testdata", "fixtures", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
