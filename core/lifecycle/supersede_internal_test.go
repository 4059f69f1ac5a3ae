package lifecycle

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMarkSupersededKeepsEveryOtherByte(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"adds superseded_by after status",
			"# c\nid = \"a\"\nstatus = 'active' # x\r\n\n[[tests.go]]\nflags = \"status = 'active'\"\n",
			"# c\nid = \"a\"\nstatus = \"superseded\" # x\r\nsuperseded_by = \"b\"\r\n\n[[tests.go]]\nflags = \"status = 'active'\"\n"},
		{"rewrites an existing superseded_by",
			"status = \"active\"\nsuperseded_by = \"\"\nid = \"a\"",
			"status = \"superseded\"\nsuperseded_by = \"b\"\nid = \"a\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := markSuperseded(tt.in, "a.toml", "b")
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	_, err := markSuperseded("[meta]\nstatus = \"active\"\n", "a.toml", "b")
	require.Error(t, err, "a status inside a table is not the contract's status")
}
