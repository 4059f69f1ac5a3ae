package tomlstring_test

import (
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/tomlstring"
)

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{"plain text", `"plain text"`},
		{`say "hi" \ bye`, `"say \"hi\" \\ bye"`},
		{"a\nb\tc\rd", `"a\nb\tc\rd"`},
		{"bell\x07 esc\x1b nul\x00", `"bell\u0007 esc\u001B nul\u0000"`},
		{"del\x7f", `"del\u007F"`},
		{"ünïcode \u2028 ok", "\"ünïcode \u2028 ok\""},
		{"bad \xff byte", "\"bad \uFFFD byte\""},
	}
	for _, tt := range tests {
		got := tomlstring.Quote(tt.in)
		assert.Equal(t, tt.want, got, "Quote(%q)", tt.in)
	}
}

// TestQuoteRoundTrip: a strict decoder reads every quoted string back,
// control characters and DEL included.
func TestQuoteRoundTrip(t *testing.T) {
	for _, s := range []string{"", `"\`, "\x00\x01\x08\x0b\x0c\x1f\x7f", "a\r\nb", "\t'''\"\"\"", "ünïcode \u2028\u2029 ok"} {
		var doc struct{ V string }
		_, err := toml.Decode("v = "+tomlstring.Quote(s)+"\n", &doc)
		require.NoError(t, err, "Quote(%q)", s)
		assert.Equal(t, s, doc.V, "Quote(%q)", s)
	}
}
