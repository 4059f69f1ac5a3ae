package unit_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/unit"
)

func set(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// TestSelect: the unit selection ah check and ah sync share (Match). a
// selects a and a/b but not ab; x, a parent that is no capability, selects
// x/y (and any contract directory under x); a key selects its scenario
// only; a glob what it matches; no argument selects everything.
func TestSelect(t *testing.T) {
	caps := set("a", "a/b", "ab", "x/y")
	keys := set("a/top", "a/b/deep", "ab/s", "x/y/n")
	probes := []string{"a", "a/b", "ab", "x/y", "x", "zz"}
	tests := []struct {
		args      []string
		whole     []string
		scenarios []string
	}{
		{nil, probes, []string{"a/top", "ab/s"}},
		{[]string{"a"}, []string{"a", "a/b"}, []string{"a/top"}},
		{[]string{"a/b/"}, []string{"a/b"}, nil},
		{[]string{"x"}, []string{"x/y", "x"}, nil},
		{[]string{"a*"}, []string{"a", "a/b", "ab"}, []string{"a/top", "ab/s"}},
		{[]string{"a/*"}, []string{"a/b"}, []string{"a/top"}},
		{[]string{"*/top"}, nil, []string{"a/top"}},
		{[]string{"a/top"}, nil, []string{"a/top"}},
		{[]string{"ab", "a/top"}, []string{"ab"}, []string{"a/top", "ab/s"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, ","), func(t *testing.T) {
			sel, err := unit.Select(caps, keys, tt.args)
			require.NoError(t, err)
			var whole, scenarios []string
			for _, c := range probes {
				if sel.Whole(c) {
					whole = append(whole, c)
				}
			}
			for _, k := range []string{"a/top", "ab/s"} {
				c, _, _ := strings.Cut(k, "/")
				if sel.Has(c, k) {
					scenarios = append(scenarios, k)
				}
			}
			assert.Equal(t, tt.whole, whole)
			assert.Equal(t, tt.scenarios, scenarios)
		})
	}
}

// TestSelectUnknown: an argument naming nothing is an *UnknownUnitError
// with the close capabilities; without keys (ah sync) a scenario key is
// unknown too, and the message offers no scenario ids.
func TestSelectUnknown(t *testing.T) {
	caps := set("gate", "gate/sub", "lexer")
	tests := []struct {
		keys map[string]bool
		arg  string
		msg  string
	}{
		{set("gate/s1"), "gat", `"gat" names no capability and no <capability>/<scenario-id> in scope; close capabilities: gate, gate/sub`},
		{set("gate/s1"), "zzzzzz", `"zzzzzz" names no capability and no <capability>/<scenario-id> in scope`},
		{nil, "gate/s1", `"gate/s1" names no capability in scope; close capabilities: gate, gate/sub`},
		{nil, "lexr/", `"lexr" names no capability in scope; close capabilities: lexer`},
		{set("gate/s1"), "gate/x-*", `"gate/x-*" names no capability and no <capability>/<scenario-id> in scope; close capabilities: gate, gate/sub`},
		{set("gate/s1"), "gate/[", `"gate/[" is not a valid glob (doublestar syntax: *, **, ?, [abc], {a,b}); fix its brackets or braces`},
	}
	for _, tt := range tests {
		t.Run(tt.arg, func(t *testing.T) {
			_, err := unit.Select(caps, tt.keys, []string{"gate", tt.arg})
			var uue *unit.UnknownError
			require.True(t, errors.As(err, &uue), "got %v", err)
			assert.Equal(t, strings.Trim(tt.arg, "/"), uue.Arg)
			assert.EqualError(t, err, tt.msg)
		})
	}
}
