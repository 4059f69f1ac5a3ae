package headtail_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/drivers/headtail"
)

func TestBuffer(t *testing.T) {
	tests := []struct {
		name   string
		keep   int
		writes []string
		want   string
	}{
		{"short text whole", 4, []string{"ab", "cd", "ef"}, "abcdef"},
		{"up to head and twice the tail whole", 2, []string{"ab", "cdef"}, "abcdef"},
		{"middle dropped", 2, []string{"ab", "cd", "ef", "gh"}, "ab" + headtail.Marker + "gh"},
		{"one long write", 3, []string{strings.Repeat("x", 10) + "end"}, "xxx" + headtail.Marker + "end"},
		{"split rune dropped", 2, []string{"ab", "cdefg", "\u00e9"}, "ab" + headtail.Marker + "\u00e9"},
		{"split rune at the cut removed", 2, []string{"ab", "cdef", "\u00e9g"}, "ab" + headtail.Marker + "g"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := headtail.Buffer{Keep: tt.keep}
			for _, w := range tt.writes {
				b.WriteString(w)
			}
			assert.Equal(t, tt.want, b.String())
		})
	}
}

// TestBufferBounded: memory stays bounded however much is written.
func TestBufferBounded(t *testing.T) {
	b := headtail.Buffer{Keep: 8}
	for range 10000 {
		b.WriteString("0123456789")
	}
	assert.Equal(t, "01234567"+headtail.Marker+"23456789", b.String())
}

func TestClip(t *testing.T) {
	assert.Equal(t, "short", headtail.Clip("short", 8))
	assert.Equal(t, "12345678", headtail.Clip("12345678", 8))
	assert.Equal(t, "1234"+headtail.Marker+"6789", headtail.Clip("123456789", 8))
	assert.Equal(t, "a"+headtail.Marker+"z", headtail.Clip("a\u00e9\u00e9z", 4), "split runes removed")
}
