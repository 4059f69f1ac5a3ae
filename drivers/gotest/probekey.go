package gotest

import (
	"io/fs"

	"github.com/espectacular/ah/ports"
)

var _ ports.ProbeKeyer = Driver{}

// ProbeKey implements ports.ProbeKeyer: what `go version` depends on
// besides the go on PATH: its GOROOT's VERSION file, the variables and
// the go env file that pick a toolchain, and go.mod and go.work, whose
// toolchain line may switch to another one.
func (Driver) ProbeKey(fs.FS) ports.ProbeKey {
	return ports.ProbeKey{
		Env:  []string{"GOROOT", "GOTOOLCHAIN", "GOFLAGS", "GOENV", "GOPATH", "GOMODCACHE"},
		Near: []string{"../VERSION"},
		Home: []string{".config/go/env"},
		Repo: []string{"go.mod", "go.work", ".tool-versions"},
	}
}
