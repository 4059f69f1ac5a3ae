package cli_test

import (
	"os"
	"testing"
)

// TestMain points the user cache directory of System's probe cache at a
// temporary directory: tests never touch the user's own cache.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ah-cli-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
