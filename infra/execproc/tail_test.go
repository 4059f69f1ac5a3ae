package execproc

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTail(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		writes []string
		want   string
	}{
		{name: "empty", n: 8, want: ""},
		{name: "under size", n: 8, writes: []string{"abc"}, want: "abc"},
		{name: "exact size", n: 8, writes: []string{"abcd", "efgh"}, want: "abcdefgh"},
		{name: "wraparound", n: 8, writes: []string{"abcdef", "ghij"}, want: "cdefghij"},
		{name: "wraps several times", n: 3, writes: []string{"ab", "cd", "ef", "g", "hij", "k"}, want: "ijk"},
		{name: "write larger than size", n: 4, writes: []string{"xy", "0123456789"}, want: "6789"},
		{name: "wrap ends exactly at end of ring", n: 4, writes: []string{"abcd", "efgh"}, want: "efgh"},
		{name: "zero size keeps nothing", n: 0, writes: []string{"abc"}, want: ""},
		// "😀" is F0 9F 98 80: keeping 5 of "ab😀cd" cuts after F0.
		{name: "utf8 cut drops continuation bytes", n: 5, writes: []string{"ab😀cd"}, want: "cd"},
		{name: "utf8 cut on boundary keeps rune", n: 6, writes: []string{"ab😀cd"}, want: "😀cd"},
		{name: "utf8 cut in two-byte rune", n: 3, writes: []string{"é", "é"}, want: "é"},
		{name: "utf8 drops at most three bytes", n: 6, writes: []string{"a\x80\x80\x80\x80\x80b"}, want: "\x80\x80b"},
		{name: "untruncated output is never trimmed", n: 8, writes: []string{"\x80abc"}, want: "\x80abc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := newTail(tt.n)
			var total int64
			for _, w := range tt.writes {
				k, err := tl.Write([]byte(w))
				require.NoError(t, err)
				require.Equal(t, len(w), k)
				total += int64(len(w))
			}
			assert.Equal(t, tt.want, string(tl.Bytes()))
			assert.Equal(t, total, tl.Total())
		})
	}
}

// TestTailBoundedMemory writes far more than the ring holds, in uneven
// chunks, and checks both the content and that the buffer never grew past n.
func TestTailBoundedMemory(t *testing.T) {
	const n = 8 << 10
	var all bytes.Buffer
	tl := newTail(n)
	chunk := make([]byte, 0, 7000)
	for i := range 1 << 20 {
		chunk = append(chunk, byte('a'+i%26))
		if len(chunk) == cap(chunk) || i%4099 == 0 {
			_, _ = tl.Write(chunk)
			all.Write(chunk)
			chunk = chunk[:0]
		}
	}
	_, _ = tl.Write(chunk)
	all.Write(chunk)

	got := tl.Bytes()
	assert.Equal(t, all.Bytes()[all.Len()-n:], got)
	assert.Equal(t, int64(all.Len()), tl.Total())
	assert.LessOrEqual(t, cap(tl.buf), n)
}

func BenchmarkTailWrite(b *testing.B) {
	tl := newTail(8 << 10)
	p := bytes.Repeat([]byte("x"), 32<<10)
	b.SetBytes(int64(len(p)))
	for b.Loop() {
		_, _ = tl.Write(p)
	}
}
