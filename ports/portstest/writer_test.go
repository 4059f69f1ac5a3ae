package portstest_test

import (
	"io/fs"
	"testing"

	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

func TestWriterContract(t *testing.T) {
	portstest.RunWriterContract(t, func(*testing.T) (ports.Writer, fs.FS) {
		w := portstest.NewWriter()
		return w, w.Files
	})
}
