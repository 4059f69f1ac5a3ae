package portstest_test

import (
	"strings"
	"testing"

	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func TestGitContract(t *testing.T) {
	portstest.RunGitContract(t, func(_ *testing.T, s portstest.GitState) ports.Git {
		head := strings.Repeat("c0ffee", 7)[:40]
		return &portstest.Git{InWorkTree: s.InWorkTree, Sub: s.Sub, Changed: s.Untracked,
			Commits: map[string]string{"HEAD": head, head: head},
			Trees:   map[string]string{"HEAD": strings.Repeat("7eed", 10)}}
	})
}
