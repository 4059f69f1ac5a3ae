package execution

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/ports"
)

// A tail cut mid-line drops its partial first line; one cut right after
// a line's end drops only the newline it starts with; a whole stdout
// is kept as it is.
func TestWholeLines(t *testing.T) {
	tests := []struct {
		name, stdout string
		total        int64
		want         string
	}{
		{"cut mid-line", "ord\nnext\n", 100, "next\n"},
		{"cut at a line's end", "\nnext\n", 100, "next\n"},
		{"cut with no newline", "partial", 100, "partial"},
		{"whole", "\nfirst\n", 7, "\nfirst\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := wholeLines(ports.Result{Stdout: []byte(tt.stdout), StdoutBytes: tt.total})
			assert.Equal(t, tt.want, string(got))
		})
	}
}
