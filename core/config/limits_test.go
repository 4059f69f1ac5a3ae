package config_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
)

// TestLimits: issue 9, item 7: the size limit of a spec file is
// configurable under [limits].
func TestLimits(t *testing.T) {
	c, err := config.Parse([]byte(minimal))
	require.NoError(t, err)
	assert.Equal(t, int64(64<<20), c.SpecBytes(), "default")
	c, err = config.Parse([]byte(minimal + "[limits]\nspec_mib = 2\n"))
	require.NoError(t, err)
	assert.Equal(t, int64(2<<20), c.SpecBytes())
	for _, bad := range []string{"spec_mib = 0", "spec_mib = \"64\"", "spec_bytes = 1"} {
		_, err := config.Parse([]byte(minimal + "[limits]\n" + bad + "\n"))
		assert.ErrorContains(t, err, "limits", "Parse([limits] %s)", bad)
	}
}

// TestNulPath: issue 9, item 10: a NUL byte in a path was not validated and
// stopped the gate with "stat a b: invalid argument".
func TestNulPath(t *testing.T) {
	for _, key := range []string{"specs", "changes"} {
		_, err := config.Parse([]byte(minimal + "[paths]\n" + key + " = \"a\\u0000b\"\n"))
		var cerr *config.Error
		require.ErrorAs(t, err, &cerr)
		assert.Contains(t, err.Error(), "paths."+key+" contains a NUL byte")
	}
}
