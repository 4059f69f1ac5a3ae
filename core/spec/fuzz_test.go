package spec_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/slug"
	"github.com/espectacular/ah/core/spec"
)

// FuzzScan checks the scanner's invariants on arbitrary input: no panic,
// lines inside the file, ids derived from titles, a deterministic result.
func FuzzScan(f *testing.F) {
	for _, tt := range allScanCases() {
		f.Add([]byte(tt.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got := spec.Scan(data)
		nLines := strings.Count(string(data), "\n") + 1
		prev := 0
		for _, s := range got {
			require.True(t, s.Line >= 1 && s.Line <= nLines, "scenario %q on line %d of a %d-line file", s.Title, s.Line, nLines)
			require.Greater(t, s.Line, prev, "scenarios out of document order")
			prev = s.Line
			require.Equal(t, slug.Make(s.Title), s.ID, "ID of title %q", s.Title)
			require.Equal(t, strings.TrimSpace(s.Title), s.Title, "title not trimmed")
			if s.Body != "" {
				last := s.Body[strings.LastIndex(s.Body, "\n")+1:]
				require.NotEmpty(t, strings.TrimSpace(last), "body ends with a blank line: %q", s.Body)
			}
		}
		assert.Equal(t, got, spec.Scan(data), "Scan is not deterministic")
	})
}
