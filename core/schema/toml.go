package schema

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/BurntSushi/toml"
)

// SyntaxError is a TOML syntax error with its position.
type SyntaxError struct {
	Line, Column int
	Message      string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Message)
}

// DecodeTOML parses TOML into JSON-shaped values (map[string]any, []any,
// int64, float64, string, bool; datetimes become RFC 3339 strings, local dates "YYYY-MM-DD") so the
// document can be validated against a JSON schema. Keys keep their exact
// spelling: nothing is matched case-insensitively.
func DecodeTOML(data []byte) (map[string]any, error) {
	if err := checkDepth(data); err != nil {
		return nil, err
	}
	// Into an interface, the decoder hands over the tables it parsed
	// instead of copying them into a new map; from a bytes.Reader it
	// copies the input once, not twice (issue 29: decoding is most of the
	// structural check).
	var raw any
	if _, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&raw); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			line, col := position(data, pe.Position)
			return nil, &SyntaxError{Line: line, Column: col, Message: pe.Message}
		}
		return nil, &SyntaxError{Message: err.Error()}
	}
	return normalize(raw).(map[string]any), nil
}

// position computes the 1-based line and byte column of a parse error from
// its byte offset. The decoder's own Line is one too far when the offending
// character is a newline it already consumed (`[paths` followed by a line
// break reports the next line), so the offset is the reliable source.
func position(data []byte, p toml.Position) (line, col int) {
	if uint(p.Start) > uint(len(data)) { // a negative Start is out of range too
		return p.Line, p.Col
	}
	before := data[:p.Start]
	return bytes.Count(before, []byte("\n")) + 1, p.Start - bytes.LastIndexByte(before, '\n')
}

func normalize(v any) any {
	switch x := v.(type) {
	case map[string]any:
		// In place: the decoder's map is ours, and a copy per table was a
		// sizeable share of reading every contract (issue 29).
		for k, e := range x {
			x[k] = normalize(e)
		}
		return x
	case []map[string]any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case []any:
		for i, e := range x {
			x[i] = normalize(e)
		}
		return x
	case time.Time:
		if x.Location().String() == "date-local" {
			// A TOML local date (2027-06-30) stays a date: formatted as a
			// datetime it would pass for one, and a [waiver] expires must
			// tell the two apart (issue 39).
			return x.Format(time.DateOnly)
		}
		return x.Format(time.RFC3339Nano)
	default:
		return v
	}
}

// MaxDepth is how deeply a TOML document may nest arrays and inline
// tables, and how many dots one key may have. ah's files nest a few levels;
// BurntSushi/toml needs time and memory quadratic in this depth (200,000
// nested inline tables: minutes and 24 GB) and overflows the stack, a
// fatal error, on 2,000,000 nested arrays.
const MaxDepth = 64

// checkDepth scans data for nesting deeper than MaxDepth, skipping strings
// and comments, so the decoder never sees such a document. It only counts:
// anything malformed is left for the decoder to report.
func checkDepth(data []byte) error {
	var open []byte                // the unclosed '[' and '{', innermost last
	inKey := true                  // reading a key (line start, table header, inline table)
	dots := 0                      // dots in the current key
	tooDeep := func(i int) error { // i: the offending byte
		before := data[:i]
		return &SyntaxError{
			Line: bytes.Count(before, []byte("\n")) + 1, Column: i - bytes.LastIndexByte(before, '\n'),
			Message: fmt.Sprintf("arrays, inline tables or dotted keys nested more than %d levels deep", MaxDepth),
		}
	}
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '#':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			i-- // let the newline be seen
		case '"', '\'':
			i = skipString(data, i)
		case '\n':
			if len(open) == 0 {
				inKey, dots = true, 0
			}
		case '[', '{':
			open = append(open, c)
			if len(open) > MaxDepth {
				return tooDeep(i)
			}
			if c == '{' {
				inKey, dots = true, 0
			}
		case ']', '}':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
			inKey = false // a table header's key, or an inline table, ends here
		case '=':
			inKey = false
		case ',':
			if len(open) > 0 && open[len(open)-1] == '{' {
				inKey, dots = true, 0
			}
		case '.':
			if inKey {
				if dots++; dots >= MaxDepth {
					return tooDeep(i)
				}
			}
		}
	}
	return nil
}

// skipString returns the index of the last byte of the string starting at
// i (basic or literal, single-line or multi-line), or len(data) if it is
// unterminated.
func skipString(data []byte, i int) int {
	q := data[i]
	delim := []byte{q}
	if bytes.HasPrefix(data[i:], []byte{q, q, q}) {
		delim = []byte{q, q, q}
	}
	for j := i + len(delim); j < len(data); j++ {
		switch {
		case q == '"' && data[j] == '\\':
			j++ // an escaped character, possibly a quote
		case len(delim) == 1 && data[j] == '\n':
			return j - 1 // unterminated; let the decoder report it
		case bytes.HasPrefix(data[j:], delim):
			end := j + len(delim) - 1
			for k := 0; k < 2 && len(delim) == 3 && end+1 < len(data) && data[end+1] == q; k++ {
				end++ // in """a"""", up to two quotes before the closing ones are content
			}
			return end
		}
	}
	return len(data) // unterminated: the scan ends here
}
