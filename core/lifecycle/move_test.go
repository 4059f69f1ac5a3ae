package lifecycle_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/lifecycle"
)

// TestRewriteID: only the id's value changes, every other byte is kept
// (issue 39); a file whose id line cannot be found or rewritten safely is
// refused, never guessed at.
func TestRewriteID(t *testing.T) {
	tests := []struct{ name, in, want, err string }{
		{"plain", "id = \"old\"\ndescription = \"d\"\n", "id = \"new\"\ndescription = \"d\"\n", ""},
		{"spacing and comment", "# top\n  id   =   \"old\"   # was\nx = 1\n", "# top\n  id   =   \"new\"   # was\nx = 1\n", ""},
		{"literal string", "id = 'old'\n", "id = \"new\"\n", ""},
		{"CRLF", "id = \"old\"\r\nx = 1\r\n", "id = \"new\"\r\nx = 1\r\n", ""},
		{"after other keys", "description = \"id = 'x'\"\nid = \"old\"\n", "description = \"id = 'x'\"\nid = \"new\"\n", ""},
		{"no final newline", "id = \"old\"", "id = \"new\"", ""},
		{"only in a table", "[waiver]\nid = \"old\"\n", "", "no top-level line"},
		{"no id", "description = \"d\"\n", "", "no top-level line"},
		{"invalid TOML", "id = \"old\n", "", "not valid TOML"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := lifecycle.RewriteID([]byte(tt.in), "new")
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
		})
	}
}
