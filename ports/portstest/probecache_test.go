package portstest_test

import (
	"testing"

	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func TestFakeProbeCacheContract(t *testing.T) {
	portstest.RunProbeCacheContract(t, func(*testing.T) (ports.ProbeCache, string, func(string)) {
		c := &portstest.ProbeCache{}
		return c, "/repo", c.Install
	})
}
