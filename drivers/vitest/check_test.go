package vitest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/drivers/vitest"
)

// TestCheck: only the project's own vitest gets a probe, of the file.
func TestCheck(t *testing.T) {
	probe, tool := vitest.New().Check([]string{"node_modules/.bin/vitest", "run", "test/a.test.js"})
	assert.Equal(t, []string{"sh", "-c", "test -x node_modules/.bin/vitest"}, probe)
	assert.Equal(t, "`node_modules/.bin/vitest`", tool)
	for _, argv := range [][]string{{"npx", "vitest", "run"}, {"pnpm", "vitest"}, {}} {
		probe, _ := vitest.New().Check(argv)
		assert.Nil(t, probe, "%q", argv)
	}
}
