package schema

import (
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
)

// checkDepth counts only what nests: brackets and dots in strings and
// comments, dots in values, and siblings do not; the limits are exact.
func TestCheckDepth(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	dotted := func(dots int) string { return "k" + strings.Repeat(".k", dots) + " = 1\n" }
	floats := strings.TrimSuffix(strings.Repeat("1.5, ", MaxDepth), ", ")
	siblings := strings.TrimSuffix(strings.Repeat("[1], ", MaxDepth+1), ", ")
	keys := make([]string, MaxDepth)
	for i := range keys {
		keys[i] = "a.b = 1"
	}
	tests := []struct {
		name     string
		doc      string
		line     int // 0: no error
		column   int
		noReport bool
	}{
		{"arrays exactly MaxDepth deep", "a = " + deep(MaxDepth) + "\n", 0, 0, false},
		{"one level more", "x = 1\na = " + deep(MaxDepth+1) + "\n", 2, 5 + MaxDepth, false},
		{"brackets in a comment", "# " + strings.Repeat("[", MaxDepth+1) + "\n", 0, 0, false},
		{"a key after a comment line is read as a key", "x = 1 # note\n" + dotted(MaxDepth), 2, 2 * MaxDepth, false},
		{"a dotted key one dot short", dotted(MaxDepth - 1), 0, 0, false},
		{"a dotted key at the limit", dotted(MaxDepth), 1, 2 * MaxDepth, false},
		{"dots in the values of a multi-line array", "a = [\n" + floats + ",\n" + floats + "\n]\n", 0, 0, false},
		{"sibling arrays do not nest", "a = [" + siblings + "]\n", 0, 0, false},
		{"a stray closing bracket", "]\n" + dotted(MaxDepth), 2, 2 * MaxDepth, false},
		{"keys of an inline table count their own dots", "t = {" + strings.Join(keys, ", ") + "}\n", 0, 0, false},
		{"brackets in a basic string with escaped quotes", `a = "\" ` + strings.Repeat("[", MaxDepth+1) + `"` + "\n", 0, 0, false},
		{"brackets in a literal string", "a = '" + strings.Repeat("[", MaxDepth+1) + "'\n", 0, 0, false},
		{"brackets in multi-line strings", "a = \"\"\"\n" + strings.Repeat("[", MaxDepth+1) + "\n\"\"\"\nb = '''\n" + strings.Repeat("{", MaxDepth+1) + "\n'''\n", 0, 0, false},
		{"an unterminated string ends at its line", "a = \"open\n" + dotted(MaxDepth), 2, 2 * MaxDepth, false},
		{"quotes before a multi-line string's closing ones are content", `a = """x""""` + " " + strings.Repeat("[", MaxDepth+1), 1, 14 + MaxDepth, false},
		{"two quotes of content", `a = """x"""""` + " " + strings.Repeat("[", MaxDepth+1), 1, 15 + MaxDepth, false},
		{"a comma at the top level", "a = 1, b = 2\n", 0, 0, false},
		{"each key of an inline table is read as a key", "t = {x = 1, " + strings.TrimSuffix(dotted(MaxDepth), " = 1\n") + " = 1}\n", 1, 12 + 2*MaxDepth, false},
		{"an array element is no key", "a = [0, x" + strings.Repeat(".x", MaxDepth) + "]\n", 0, 0, false},
		{"siblings holding strings", "a = [" + strings.Repeat(`["s"], ['l'], `, MaxDepth) + "]\n", 0, 0, false},
		{"brackets right after a multi-line string", `a = """x""" ` + strings.Repeat("[", MaxDepth+1), 1, 13 + MaxDepth, false},
		{"three quotes after the closing ones start a new string", `a = """x""""""` + " " + strings.Repeat("[", MaxDepth+1) + "\n", 0, 0, false},
		{"a multi-line string at the very end", `a = """x"""`, 0, 0, false},
		{"a multi-line string with content quotes at the very end", `a = """x"""""`, 0, 0, false},
		{"a comment at the very end", "a = 1 # [[[", 0, 0, false},
		{"an unterminated multi-line string", "a = \"\"\"" + strings.Repeat("[", MaxDepth+1), 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkDepth([]byte(tt.doc))
			if tt.line == 0 {
				assert.NoError(t, err)
				return
			}
			se, ok := err.(*SyntaxError)
			if assert.True(t, ok, "want a *SyntaxError, got %v", err) {
				assert.Equal(t, tt.line, se.Line, "line")
				assert.Equal(t, tt.column, se.Column, "column")
				assert.Equal(t, "arrays, inline tables or dotted keys nested more than 64 levels deep", se.Message)
			}
		})
	}
}

// At the end of the data the decoder's column is off (it counts the
// consumed newline): the position comes from the offset.
func TestPositionAtTheEnd(t *testing.T) {
	_, err := DecodeTOML([]byte("a = {\n"))
	se, ok := err.(*SyntaxError)
	if assert.True(t, ok, "want a *SyntaxError, got %v", err) {
		assert.Equal(t, 2, se.Line)
		assert.Equal(t, 1, se.Column)
	}
	line, col := position([]byte("ab"), toml.Position{Start: -1, Line: 7, Col: 9})
	assert.Equal(t, []int{7, 9}, []int{line, col}, "an offset out of range keeps the decoder's position")
	line, col = position([]byte("ab"), toml.Position{Start: 3, Line: 7, Col: 9})
	assert.Equal(t, []int{7, 9}, []int{line, col})
	line, col = position([]byte("ab"), toml.Position{Start: 0, Line: 7, Col: 9})
	assert.Equal(t, []int{1, 1}, []int{line, col}, "offset 0 is line 1, column 1")
}
