package portstest_test

import (
	"testing"

	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func TestScratchContract(t *testing.T) {
	portstest.RunScratchContract(t, func(*testing.T) ports.Scratch { return &portstest.Scratch{} })
}
