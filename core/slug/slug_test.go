package slug_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/slug"
)

func TestMake(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Reject: empty input (v2)!", "reject-empty-input-v2"},
		{"Empty input rejected", "empty-input-rejected"},
		{"Hello, World!", "hello-world"},
		{"  --leading and trailing--  ", "leading-and-trailing"},
		{"ah --version | grep", "ah-version-grep"},
		{"Ünïcode Straße", "ünïcode-straße"},
		{"snake_case_name", "snake-case-name"},
		{"!!!", ""},
		{"", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, slug.Make(tt.in), "Make(%q)", tt.in)
	}
}

// TestASCII pins the property-id rule the Rust ah named derived contracts
// with: non-ASCII letters separate, as punctuation does.
func TestASCII(t *testing.T) {
	for in, want := range map[string]string{
		"P-discovery": "p-discovery", "P-token": "p-token", "P-weird.name/x": "p-weird-name-x",
		"p_shipped": "p-shipped", "P-ümlaut": "p-mlaut", "--P--x--": "p-x",
		"A@Z[a`z{0/9:": "a-z-a-z-0-9", "Zz09Aa": "zz09aa", "Straße": "stra-e", "": "",
	} {
		assert.Equal(t, want, slug.ASCII(in), "ASCII(%q)", in)
	}
}
