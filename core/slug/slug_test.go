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
