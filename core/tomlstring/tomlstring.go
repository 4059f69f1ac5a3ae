package tomlstring

import (
	"fmt"
	"strings"
)

// Quote writes s as a TOML basic string: '"' and '\' escaped, newline,
// tab and carriage return as \n \t \r, every other control character and
// DEL as \uXXXX (TOML allows none of them raw), everything else as is. An
// invalid UTF-8 byte becomes U+FFFD, so the result is always valid TOML.
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
