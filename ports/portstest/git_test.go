package portstest_test

import (
	"testing"

	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func TestGitContract(t *testing.T) {
	portstest.RunGitContract(t, func(_ *testing.T, s portstest.GitState) ports.Git {
		return &portstest.Git{InWorkTree: s.InWorkTree, Sub: s.Sub, Changed: s.Untracked}
	})
}
