package config_test

import (
	"errors"
	"path"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/config"
)

// FuzzParse checks that no config text makes Parse panic, that a rejection
// is always a *config.Error naming the file with the same message on every
// run, and that accepted paths stay inside the repository.
func FuzzParse(f *testing.F) {
	for _, tt := range validCases {
		f.Add([]byte(tt.toml))
	}
	for _, tt := range rejectCases {
		f.Add([]byte(tt.toml))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := config.Parse(data)
		if err != nil {
			var cerr *config.Error
			require.True(t, errors.As(err, &cerr), "Parse error %T: %v", err, err)
			require.Equal(t, config.Path, cerr.File)
			require.NotEmpty(t, cerr.Problems)
			// The validator visits keys in map order; the message must not.
			_, again := config.Parse(data)
			require.Equal(t, err.Error(), again.Error(), "Parse must be deterministic")
			return
		}
		for _, p := range []string{c.Specs, c.Changes} {
			require.NotEmpty(t, p)
			require.False(t, path.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../"), "path %q escapes the repository", p)
			require.NotContains(t, p, `\`)
		}
		require.GreaterOrEqual(t, c.Jobs, 0) // 0: unset, from the processor count
		require.GreaterOrEqual(t, c.DefaultTimeoutSeconds, 1)
	})
}
