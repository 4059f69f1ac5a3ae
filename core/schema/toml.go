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
// int64, float64, string, bool; datetimes become RFC 3339 strings) so the
// document can be validated against a JSON schema. Keys keep their exact
// spelling: nothing is matched case-insensitively.
func DecodeTOML(data []byte) (map[string]any, error) {
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
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
	if p.Start < 0 || p.Start > len(data) {
		return p.Line, p.Col
	}
	before := data[:p.Start]
	return bytes.Count(before, []byte("\n")) + 1, p.Start - bytes.LastIndexByte(before, '\n')
}

func normalize(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = normalize(e)
		}
		return out
	case []map[string]any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case time.Time:
		return x.Format(time.RFC3339Nano)
	default:
		return v
	}
}
