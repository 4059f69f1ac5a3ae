//go:build unix && !linux

package execproc

import "os"

func openGroupFile() (*os.File, error) { return tempGroupFile() }
