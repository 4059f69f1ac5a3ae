package shellword

import (
	"errors"
	"strings"
)

// ErrUnterminated is returned for a quote or escape left open.
var ErrUnterminated = errors.New("unterminated quote or trailing backslash")

// Split tokenizes s: blanks separate words; single quotes keep everything
// literally; double quotes keep everything but \" \\ \$ \` and \newline;
// a backslash outside quotes escapes the next character.
func Split(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\\':
			if i+1 >= len(s) {
				return nil, ErrUnterminated
			}
			i++
			if s[i] != '\n' { // backslash-newline is a line continuation
				cur.WriteByte(s[i])
			}
			inWord = true
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, ErrUnterminated
			}
			cur.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			n, err := doubleQuoted(s[i+1:], &cur)
			if err != nil {
				return nil, err
			}
			i += n
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// doubleQuoted copies the inside of a double-quoted string to b and returns
// how many bytes it consumed, including the closing quote.
func doubleQuoted(s string, b *strings.Builder) (int, error) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			return i + 1, nil
		case '\\':
			if i+1 < len(s) && strings.IndexByte("\"\\$`\n", s[i+1]) >= 0 {
				i++
				if s[i] != '\n' {
					b.WriteByte(s[i])
				}
				continue
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return 0, ErrUnterminated
}

// Quote renders argv as a command line that Split (and a POSIX shell) turns
// back into the same words; plain words stay unquoted for readability.
func Quote(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		parts[i] = quoteWord(a)
	}
	return strings.Join(parts, " ")
}

func quoteWord(w string) string {
	if w == "" {
		return "''"
	}
	safe := true
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=,+@%^", r)) {
			safe = false
			break
		}
	}
	if safe {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}
