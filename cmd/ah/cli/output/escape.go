package output

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Escape returns s safe to print as part of one terminal line. Values that
// come from outside ah (runner messages, output tails, scenario titles, file
// names) may hold newlines, which could print a forged finding or summary
// line, and terminal controls (ESC, CR, BEL, NUL), which could rewrite the
// screen (issue 9). Escape writes each of them as a Go-style escape: \n,
// \r, \x1b, \x00, \u202e; C1 controls and the line and paragraph separators
// become \u escapes, as do the bidirectional controls that reorder how a
// line reads; a byte that is not UTF-8 becomes \xNN. Tabs and every other
// character are kept, and backslashes stay as they are, so text without
// controls prints unchanged, and Escape(Escape(s)) == Escape(s): a value of
// the text printer's sanitised report may be escaped again harmlessly. JSON
// output never goes through Escape: it is exact.
func Escape(s string) string {
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unsafeRune(r, size) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case !unsafeRune(r, size):
			b.WriteString(s[i : i+size])
		case r < 0x80:
			b.WriteString(asciiEscape(byte(r)))
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += size
	}
	return b.String()
}

// EscapeLines escapes every line of s (see Escape) and keeps the line
// breaks, for multi-line output such as a test's stdout tail. A CR before a
// line's newline (Windows line endings) is dropped rather than shown.
func EscapeLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if i < len(lines)-1 {
			l = strings.TrimSuffix(l, "\r")
		}
		lines[i] = Escape(l)
	}
	return strings.Join(lines, "\n")
}

// unsafeRune reports whether a rune (of encoded size bytes) must not reach
// a terminal as it is.
func unsafeRune(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1: // a byte that is not UTF-8
		return true
	case r == '\t':
		return false
	case r < 0x20, r == 0x7f: // C0 controls and DEL
		return true
	case r >= 0x80 && r <= 0x9f: // C1 controls (CSI, OSC, ...)
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, // bidi marks
		r >= 0x202a && r <= 0x202e, // bidi embeddings and overrides
		r >= 0x2066 && r <= 0x2069: // bidi isolates
		return true
	}
	return false
}

func asciiEscape(c byte) string {
	switch c {
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\v':
		return `\v`
	}
	return fmt.Sprintf(`\x%02x`, c)
}
