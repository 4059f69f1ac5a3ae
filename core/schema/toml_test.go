package schema_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/schema"
)

func TestDecodeTOMLSyntaxErrorPosition(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		line, col int
	}{
		{"unterminated table name at end of line", "a = 1\n[paths\nspecs = \"x\"\n", 2, 7},
		{"newline inside a string", "a = 1\nb = \"PF\nc = 1\n", 2, 8},
		{"stray token mid-line", "a = 1\nb = = 2\n", 2, 5},
		{"error on the first line", "a = \n", 1, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := schema.DecodeTOML([]byte(tt.in))
			var se *schema.SyntaxError
			require.True(t, errors.As(err, &se), "DecodeTOML(%q) = %v, want a *SyntaxError", tt.in, err)
			assert.Equal(t, [2]int{tt.line, tt.col}, [2]int{se.Line, se.Column}, "DecodeTOML(%q): %v", tt.in, se)
		})
	}
}

// TestDecodeTOMLNestingBound: BurntSushi/toml takes time and memory
// quadratic in the nesting of inline tables and dotted keys (200,000 nested
// inline tables: 3 minutes and 24 GB) and overflows the stack on 2,000,000
// nested arrays, a fatal error no recover can catch. A contract or config
// nesting deeper than MaxDepth is a syntax error instead, found before the
// decoder sees it.
func TestDecodeTOMLNestingBound(t *testing.T) {
	// deep is the level that is one too many: the 65th bracket, or the dot
	// starting a key's 65th segment.
	deep := schema.MaxDepth + 1
	tests := []struct {
		name      string
		in        string
		line, col int
	}{
		{"arrays", "a = 1\nx = " + strings.Repeat("[", 2_000_000) + strings.Repeat("]", 2_000_000) + "\n", 2, 4 + deep},
		{"inline tables", "x = " + strings.Repeat("{a=", 5000) + "1" + strings.Repeat("}", 5000) + "\n", 1, 1 + 3*deep + 1},
		{"dotted key", strings.Repeat("a.", 5000) + "a = 1\n", 1, 2 * (deep - 1)},
		{"table header", "[" + strings.Repeat("a.", 5000) + "a]\n", 1, 1 + 2*(deep-1)},
		{"dotted keys in an inline table", "x = {" + strings.Repeat("a.", 5000) + "a = 1}\n", 1, 5 + 2*(deep-1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := schema.DecodeTOML([]byte(tt.in))
			var se *schema.SyntaxError
			require.True(t, errors.As(err, &se), "DecodeTOML = %v, want a *SyntaxError", err)
			assert.Contains(t, se.Message, "nested more than 64 levels deep")
			assert.Equal(t, [2]int{tt.line, tt.col}, [2]int{se.Line, se.Column}, "%v", se)
		})
	}
}

// TestDecodeTOMLNestingBoundIgnoresStrings: brackets and dots in strings,
// comments, floats and many sibling values never count as nesting.
func TestDecodeTOMLNestingBoundIgnoresStrings(t *testing.T) {
	many := strings.Repeat("[", 100) + strings.Repeat(".", 100) + strings.Repeat("{", 100)
	docs := []string{
		`s = "` + many + `"` + "\n",
		`s = '` + many + `'` + "\n",
		`s = """` + "\n" + many + `\"""` + "\n" + `"""` + "\n",
		`s = '''` + "\n" + many + "\n" + `'''` + "\n",
		"# " + many + "\nx = 1\n",
		`"` + many + `" = 1` + "\n",
		"x = [" + strings.Repeat("1.5, ", 500) + "2.5]\n",
		"[[tests.unit]]\nflags = \"a\"\n[[tests.unit]]\nflags = \"b\"\n",
		"x = [\n  {a.b = 1, c.d = 2},\n  {e.f = [[1], [2]]},\n]\n" + strings.Repeat("y.", 60) + "z = 1\n",
		"t = 1979-05-27T07:32:00.999Z\nx = " + strings.Repeat("[", 60) + strings.Repeat("]", 60) + "\n",
	}
	for _, doc := range docs {
		_, err := schema.DecodeTOML([]byte(doc))
		assert.NoError(t, err, "DecodeTOML(%.80q)", doc)
	}
}
