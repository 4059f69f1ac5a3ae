package shellword_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/shellword"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"tests/test_parser.py::test_empty_input", []string{"tests/test_parser.py::test_empty_input"}},
		{"-k 'empty and not slow' -x", []string{"-k", "empty and not slow", "-x"}},
		{`-run "^TestX$" -count=1`, []string{"-run", "^TestX$", "-count=1"}},
		{`a\ b c`, []string{"a b", "c"}},
		{`"a \"q\" \$HOME \x"`, []string{`a "q" $HOME \x`}},
		{`$HOME *.py ~`, []string{"$HOME", "*.py", "~"}},
		{`''`, []string{""}},
		{`a""b`, []string{"ab"}},
		{"  \t spaced \n out  ", []string{"spaced", "out"}},
		{"", nil},
		{"line\\\ncontinued", []string{"linecontinued"}},
	}
	for _, tt := range tests {
		got, err := shellword.Split(tt.in)
		require.NoError(t, err, "Split(%q)", tt.in)
		assert.Equal(t, tt.want, got, "Split(%q)", tt.in)
	}
}

func TestSplitErrors(t *testing.T) {
	for _, in := range []string{`'open`, `"open`, `trailing\`, `"a\"`, `"a\`, `"\`} {
		_, err := shellword.Split(in)
		assert.ErrorIs(t, err, shellword.ErrUnterminated, "Split(%q)", in)
	}
}

func TestQuoteRoundTrip(t *testing.T) {
	for _, argv := range [][]string{
		{"go", "test", "./...", "-run", "^TestX$"},
		{"sh", "-c", "echo 'hi' && exit 3"},
		{"", "a b", `back\slash`, "it's"},
	} {
		got, err := shellword.Split(shellword.Quote(argv))
		require.NoError(t, err)
		assert.Equal(t, argv, got, "Split(Quote(%q))", argv)
	}
	assert.Equal(t, "go test ./... -run '^TestX$'", shellword.Quote([]string{"go", "test", "./...", "-run", "^TestX$"}))
	// The ends of each safe range stay bare; the bytes just outside them
	// that are not in the safe list are quoted.
	assert.Equal(t, "azAZ09 -_./:=,+@%^ '`' '{' '[' ''", shellword.Quote([]string{"azAZ09", "-_./:=,+@%^", "`", "{", "[", ""}))
}
