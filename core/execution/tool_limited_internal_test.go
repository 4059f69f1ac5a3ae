package execution

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLimitedKeepsTheTail: up to 2n bytes are kept whole; past that the
// buffer is cut to its last n bytes.
func TestLimitedKeepsTheTail(t *testing.T) {
	var buf bytes.Buffer
	l := &limited{buf: &buf, n: 4}
	n, err := l.Write([]byte("12345678"))
	assert.Equal(t, 8, n)
	assert.NoError(t, err)
	assert.Equal(t, "12345678", buf.String(), "exactly 2n bytes are kept")
	_, _ = l.Write([]byte("9"))
	assert.Equal(t, "6789", buf.String())
}
