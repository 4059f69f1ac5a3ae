package vitest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/drivers/vitest"
)

// TestCheck: the project's own vitest gets a probe of the file; vitest
// through npx a probe through npx that never installs; any other command
// none.
func TestCheck(t *testing.T) {
	probe, tool := vitest.New().Check([]string{"node_modules/.bin/vitest", "run", "test/a.test.js"})
	assert.Equal(t, []string{"sh", "-c", "test -x node_modules/.bin/vitest"}, probe)
	assert.Equal(t, "`node_modules/.bin/vitest`", tool)
	for _, argv := range [][]string{{"npx", "vitest", "run"}, {"/usr/bin/npx", "--yes", "vitest"}, {"npx", "--no", "--", "vitest", "run"}} {
		probe, tool := vitest.New().Check(argv)
		assert.Equal(t, []string{argv[0], "--no", "--", "vitest", "--version"}, probe, "%q", argv)
		assert.Equal(t, "vitest for `npx`", tool)
	}
	for _, argv := range [][]string{{"npx", "vitest@4", "run"}, {"npx", "-p", "vitest", "vitest"}, {"npx", "-c", "vitest run"}, {"npx"}, {"npx", "--", "jest"}, {"pnpm", "vitest"}, {}} {
		probe, _ := vitest.New().Check(argv)
		assert.Nil(t, probe, "%q", argv)
	}
}
