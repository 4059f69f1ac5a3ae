// Package gotest parses the output of Go's test command for ah.
//
// The driver runs `go test` (from the module root, with the packages and a
// `-run` pattern chosen by the caller) and asks for structured output with
// Args: `-json` turns the output into a stream of test2json events on stdout
// and `-count=1` bypasses the test cache, whose replayed events carry no
// timestamps. Parse reads that captured stdout; it never starts a process.
// Since go1.24 build failures are events too (`build-output`, `build-fail`),
// so a compile or vet error arrives on the same stream as test results.
package gotest

import "github.com/espectacular/ah/ports"

// JSONFlag asks `go test` for test2json events on stdout.
const JSONFlag = "-json"

// NoCacheFlag makes `go test` run tests instead of replaying cached results.
const NoCacheFlag = "-count=1"

// KindPackage is the ReportError kind for a package whose test binary failed
// outside any test (a panic in TestMain, os.Exit, a failing TestMain).
const KindPackage = "package"

// KindBuild is the ReportError kind for a package that failed to build or
// vet, or whose pattern matched nothing (`[setup failed]`).
const KindBuild = ports.KindBuild

// Args returns the arguments added after `go test` for structured output.
func Args() []string {
	return []string{JSONFlag, NoCacheFlag}
}
