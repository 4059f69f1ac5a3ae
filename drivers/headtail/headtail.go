package headtail

import "strings"

// Marker stands where Buffer and Clip cut text out.
const Marker = "\n... [truncated] ...\n"

// Buffer keeps the first and the last Keep bytes of what is written to it,
// so a test printing hundreds of megabytes costs no more memory than one
// printing a line. Set Keep before the first write.
type Buffer struct {
	Keep       int
	head, tail []byte
	cut        bool
}

// WriteString appends s, dropping the middle once more than the head and
// twice the tail have been written (the tail is compacted in amortised
// steps rather than on every write).
func (b *Buffer) WriteString(s string) {
	if room := b.Keep - len(b.head); room > 0 {
		k := min(room, len(s))
		b.head = append(b.head, s[:k]...)
		s = s[k:]
	}
	if s == "" {
		return
	}
	b.tail = append(b.tail, s...)
	if len(b.tail) > 2*b.Keep {
		b.tail = append(b.tail[:0], b.tail[len(b.tail)-b.Keep:]...)
		b.cut = true
	}
}

// String is everything written when nothing was dropped, else the head,
// Marker and the last Keep bytes, with split UTF-8 sequences removed.
func (b *Buffer) String() string {
	if !b.cut {
		return string(b.head) + string(b.tail)
	}
	tail := b.tail[len(b.tail)-min(len(b.tail), b.Keep):]
	return strings.ToValidUTF8(string(b.head)+Marker+string(tail), "")
}

// Clip keeps s whole up to limit bytes, else its first and last limit/2
// bytes around Marker, with split UTF-8 sequences removed.
func Clip(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	half := limit / 2
	return strings.ToValidUTF8(s[:half], "") + Marker + strings.ToValidUTF8(s[len(s)-half:], "")
}
