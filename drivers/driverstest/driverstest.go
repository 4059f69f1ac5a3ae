package driverstest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Fixture returns the recorded output testdata/name of the package under
// test, failing the test when it cannot be read.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("read fixture: %v", err)
	}
	return data
}

// Tail is the end of b, enough to tell inputs apart in a failure message.
func Tail(b []byte) []byte {
	if len(b) > 60 {
		return b[len(b)-60:]
	}
	return b
}

// RunsFramework checks that the driver recognises each configured command
// in runs as its framework, and none in others.
func RunsFramework(t testing.TB, d interface{ RunsFramework([]string) bool }, runs, others [][]string) {
	t.Helper()
	for _, argv := range runs {
		assert.True(t, d.RunsFramework(argv), "RunsFramework(%q)", argv)
	}
	for _, argv := range others {
		assert.False(t, d.RunsFramework(argv), "RunsFramework(%q)", argv)
	}
}
