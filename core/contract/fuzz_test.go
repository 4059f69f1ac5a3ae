package contract_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/finding"
)

// FuzzDecode checks that no contract text makes Decode panic and that every
// problem is a known kind with a message naming the file first, the same
// on every run.
func FuzzDecode(f *testing.F) {
	for _, tt := range validCases {
		f.Add([]byte(tt.toml))
	}
	for _, tt := range problemCases {
		f.Add([]byte(tt.toml))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, problems := contract.Decode(path, data)
		require.Equal(t, path, got.Path)
		_, again := contract.Decode(path, data)
		require.Equal(t, problems, again, "Decode must be deterministic (map order must not reach messages)")
		for _, p := range problems {
			_, known := finding.Info(p.Kind)
			require.True(t, known, "unknown kind %q", p.Kind)
			require.True(t, strings.HasPrefix(p.Message, path) && len(p.Message) > len(path), "message %q does not start with the path", p.Message)
		}
		for i, e := range got.Tests {
			require.NotEmpty(t, e.Type)
			if i > 0 {
				prev := got.Tests[i-1]
				require.True(t, prev.Type < e.Type || (prev.Type == e.Type && prev.Index+1 == e.Index), "tests out of order: %+v then %+v", prev, e)
			}
		}
	})
}
