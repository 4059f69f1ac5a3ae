package portstest_test

import (
	"testing"

	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func TestSpkContract(t *testing.T) {
	portstest.RunSpkContract(t, func(_ *testing.T, s portstest.SpkScript) ports.Spk { return portstest.NewSpk(s) })
}
