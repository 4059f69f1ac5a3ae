package execproc

import "unicode/utf8"

// tail keeps the last n bytes written to it and counts every byte. It grows
// only as far as n and then wraps around, so a child printing gigabytes
// costs n bytes of memory, and a large n costs nothing until it is used.
type tail struct {
	n     int
	buf   []byte // grows to n, then is a ring whose oldest byte is at next
	next  int
	total int64
}

func newTail(n int) *tail {
	return &tail{n: max(n, 0)}
}

// Write never fails and never blocks, so draining a pipe into it keeps up
// with any child.
func (t *tail) Write(p []byte) (int, error) {
	written := len(p)
	t.total += int64(written)
	if len(p) > t.n {
		p = p[len(p)-t.n:]
	}
	if room := t.n - len(t.buf); room > 0 {
		k := min(room, len(p))
		t.grow(k)
		t.buf = append(t.buf, p[:k]...)
		p = p[k:]
	}
	for len(p) > 0 {
		k := copy(t.buf[t.next:], p)
		p = p[k:]
		t.next = (t.next + k) % t.n
	}
	return written, nil
}

// grow makes room for k more bytes without ever exceeding a capacity of n,
// which append's own growth policy would.
func (t *tail) grow(k int) {
	if len(t.buf)+k <= cap(t.buf) {
		return
	}
	size := min(max(2*cap(t.buf), len(t.buf)+k, 512), t.n)
	buf := make([]byte, len(t.buf), size)
	copy(buf, t.buf)
	t.buf = buf
}

// Bytes returns a copy of the kept bytes, oldest first. When earlier output
// was dropped, the cut may have split a rune, so up to three leading UTF-8
// continuation bytes are removed.
func (t *tail) Bytes() []byte {
	out := make([]byte, 0, len(t.buf))
	out = append(out, t.buf[t.next:]...)
	out = append(out, t.buf[:t.next]...)
	if t.total > int64(len(out)) {
		out = trimPartialRune(out)
	}
	return out
}

// Total is the number of bytes ever written.
func (t *tail) Total() int64 {
	return t.total
}

func trimPartialRune(b []byte) []byte {
	i := 0
	for i < len(b) && i < utf8.UTFMax-1 && !utf8.RuneStart(b[i]) {
		i++
	}
	return b[i:]
}
