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
		{"status on the last line without a newline",
			"id = \"a\"\n  status='active'",
			"id = \"a\"\n  status=\"superseded\"\nsuperseded_by = \"b\"\n"},
		{"superseded_by before status, escaped quotes kept out",
			"superseded_by = \"x\\\"y\" # old\nstatus = \"active\"\n",
			"superseded_by = \"b\" # old\nstatus = \"superseded\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := markSuperseded(tt.in, "a.toml", "b")
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	_, err := markSuperseded("[meta]\nstatus = \"active\"\n", "a.toml", "b")
	require.EqualError(t, err, `a.toml has no top-level status = "..." line to rewrite: supersede it by hand`, "a status inside a table is not the contract's status")
	_, err = markSuperseded("status = \"active\"\nid = \n", "a.toml", "b")
	require.EqualError(t, err, "a.toml could not be marked superseded safely: edit a copy by hand")
	_, err = markSuperseded("description = \"\"\"\nstatus = \"active\"\n\"\"\"\nstatus = \"active\"\n", "a.toml", "b")
	require.EqualError(t, err, "a.toml could not be marked superseded without changing other keys: edit a copy by hand")
}
