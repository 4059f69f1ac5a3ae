package headtail

import (
	"strings"
	"testing"
)

// TestBufferMemoryIsBounded: however much a test prints, the memory kept
// stays within the head and tail bounds and both ends survive.
func TestBufferMemoryIsBounded(t *testing.T) {
	const keep = 4 * 4096
	o := Buffer{Keep: keep}
	o.WriteString("first line\n")
	for range 100000 {
		o.WriteString(strings.Repeat("y", 99) + "\n")
	}
	o.WriteString("last line\n")
	if n := len(o.head) + cap(o.tail); n > 4*keep {
		t.Fatalf("kept %d bytes, want at most %d", n, 4*keep)
	}
	s := o.String()
	if !strings.HasPrefix(s, "first line\n") || !strings.HasSuffix(s, "last line\n") || !strings.Contains(s, "[truncated]") {
		t.Fatalf("output lost an end or the truncation mark: %q...%q", s[:20], s[len(s)-20:])
	}
}
