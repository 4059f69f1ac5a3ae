package schema_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/schema"
)

func TestDecodeTOMLSyntaxErrorPosition(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		line, col int
	}{
		{"unterminated table name at end of line", "a = 1\n[paths\nspecs = \"x\"\n", 2, 7},
		{"newline inside a string", "a = 1\nb = \"PF\nc = 1\n", 2, 8},
		{"stray token mid-line", "a = 1\nb = = 2\n", 2, 5},
		{"error on the first line", "a = \n", 1, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := schema.DecodeTOML([]byte(tt.in))
			var se *schema.SyntaxError
			require.True(t, errors.As(err, &se), "DecodeTOML(%q) = %v, want a *SyntaxError", tt.in, err)
			assert.Equal(t, [2]int{tt.line, tt.col}, [2]int{se.Line, se.Column}, "DecodeTOML(%q): %v", tt.in, se)
		})
	}
}
