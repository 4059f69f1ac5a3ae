package gotest

import (
	"strings"
	"testing"
)

// TestOutputIsBounded: however much a test prints, the kept output stays
// within its head and tail bounds and keeps both ends.
func TestOutputIsBounded(t *testing.T) {
	var o output
	o.WriteString("first line\n")
	for range 100000 {
		o.WriteString(strings.Repeat("y", 99) + "\n")
	}
	o.WriteString("last line\n")
	if n := len(o.head) + cap(o.tail); n > 4*keepOutput {
		t.Fatalf("kept %d bytes, want at most %d", n, 4*keepOutput)
	}
	s := o.String()
	if !strings.HasPrefix(s, "first line\n") || !strings.HasSuffix(s, "last line\n") || !strings.Contains(s, "[truncated]") {
		t.Fatalf("output lost an end or the truncation mark: %q...%q", s[:20], s[len(s)-20:])
	}
}
