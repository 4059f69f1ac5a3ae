// Package gotest parses the output of Go's test command for ah.
//
// The driver runs `go test` (from the module root, with the packages and a
// `-run` pattern chosen by the caller) and asks for structured output with
// Args: `-json` turns the output into a stream of test2json events on stdout.
// Parse reads that captured stdout; it never starts a process.
//
// Runs use go's test cache (issue 29): go replays a result only for the
// same test binary with the same cacheable flags and the same files and
// environment variables the tests read, so a cached pass is a pass of the
// code under test as it is. Replayed events carry no timestamps, which
// Parse never reads. A contract's `-count=1` (or GOFLAGS=-count=1 in ah's
// environment) forces a fresh run, and so does --strict (Fresh): a strict
// verdict never rests on a cache entry under GOCACHE, a file any test
// could write. Measured on a generated module of 9
// packages and 45 bound tests of 100 ms (2-vCPU VM at load 12): an
// unchanged re-run of `ah check --run-tests` took 6.8-7.4 s with -count=1
// and 1.9-2.9 s with the cache, against 4.4-4.5 s for one
// `go test -count=1 ./...` and 0.34 s for a cached `go test ./...`.
// Since go1.24 build failures are events too (`build-output`, `build-fail`),
// so a compile or vet error arrives on the same stream as test results.
package gotest

import "github.com/espectacular/ah/ports"

// JSONFlag asks `go test` for test2json events on stdout.
const JSONFlag = "-json"

// NoCacheFlag makes `go test` run tests instead of replaying cached
// results; the test lists (AuditArgv) keep it, runs do not (see above).
const NoCacheFlag = "-count=1"

// KindPackage is the ReportError kind for a package whose test binary failed
// outside any test (a panic in TestMain, os.Exit, a failing TestMain).
const KindPackage = "package"

// KindBuild is the ReportError kind for a package that failed to build or
// vet, or whose pattern matched nothing (`[setup failed]`).
const KindBuild = ports.KindBuild

// Args returns the arguments added after `go test` for structured output.
func Args() []string {
	return []string{JSONFlag}
}
