package unit_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/unit"
)

// TestMatch pins the one rule by which a CAPABILITY[/ID] pattern names a
// unit, for ah check and ah sync arguments and [scope] alike. A unit is
// (capability, id); id "" asks about the capability whole.
func TestMatch(t *testing.T) {
	tests := []struct {
		pattern, capability, id string
		want                    bool
	}{
		// a capability, whole, and the ones nested under it
		{"a", "a", "s", true},
		{"a", "a", "", true},
		{"a", "a/b", "s", true},
		{"a", "a/b", "", true},
		{"a", "ab", "s", false},
		{"a/b", "a", "", false},
		// slashes around a pattern are ignored (a completed directory)
		{"a/", "a", "s", true},
		{"/a/", "a/b", "s", true},
		{"/", "a", "s", false},
		{"", "a", "s", false},
		// a parent that is no capability names its nested ones
		{"x", "x/y", "n", true},
		// one scenario by key
		{"a/s", "a", "s", true},
		{"a/s", "a", "t", false},
		{"a/s", "a", "", false},
		{"a/b/deep", "a/b", "deep", true},
		// a name that is a capability and a key names both
		{"a/b", "a", "b", true},
		{"a/b", "a/b", "x", true},
		// no prefix or substring matching without a glob
		{"a/s", "a", "s2", false},
		{"cli", "cli-x", "s", false},
		// a glob over keys, and over capability names (whole)
		{"a/x-*", "a", "x-one", true},
		{"a/x-*", "a", "y", false},
		{"a/x-*", "a", "", false},
		{"a/*", "a", "", false},
		{"a/*", "a/b", "", true},
		{"a/*", "a/b/c", "s", true},
		{"st*", "store/cache", "", true},
		{"st*", "lib/store", "", false},
		{"a/**", "a/b/c", "s", true},
		{"auth-*", "auth-sso", "login", true},
		{"auth-*", "auth-sso", "", true},
		{"auth-*", "auth", "login", false},
		{"*/login", "auth", "login", true},
		{"{a,c}/s", "c", "s", true},
		{"a/s?", "a", "s1", true},
		// a broken glob names nothing
		{"a/[", "a", "x", false},
		{"a/[", "a/[", "", true}, // an exact name is never read as a glob
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s~%s/%s", tt.pattern, tt.capability, tt.id), func(t *testing.T) {
			assert.Equal(t, tt.want, unit.Match(tt.pattern, tt.capability, tt.id))
		})
	}
}

// TestSplit: a key splits at its last "/", since a scenario id never
// holds one and a capability may nest.
func TestSplit(t *testing.T) {
	for key, want := range map[string][2]string{
		"a/s": {"a", "s"}, "a/b/s": {"a/b", "s"}, "s": {"", "s"}, "a/": {"a", ""},
	} {
		c, id := unit.Split(key)
		assert.Equal(t, want, [2]string{c, id}, key)
		if c != "" {
			assert.Equal(t, key, unit.Key(c, id))
		}
	}
}
