package schema

import (
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
			return nil, &SyntaxError{Line: pe.Position.Line, Column: pe.Position.Col, Message: pe.Message}
		}
		return nil, &SyntaxError{Message: err.Error()}
	}
	return normalize(raw).(map[string]any), nil
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
