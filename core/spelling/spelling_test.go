package spelling_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/spelling"
)

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"pytest", "pytest", 0},
		{"pyest", "pytest", 1},
		{"pyets", "pytest", 2},
		{"timout_seconds", "timeout_seconds", 1},
		{"ab", "ba", 1},
		{"cargo", "", 5},
		{"kitten", "sitting", 3},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, spelling.Distance(tt.a, tt.b), "Distance(%q, %q)", tt.a, tt.b)
	}
}

func TestNearest(t *testing.T) {
	known := []string{"pytest", "cargo", "vitest", "go", "shell", "custom"}
	tests := []struct {
		name, word, want string
		ok               bool
	}{
		{"one deletion", "pyest", "pytest", true},
		{"case only", "PyTest", "pytest", true},
		{"transposition", "carog", "cargo", true},
		{"short word within one edit", "gp", "go", true},
		{"too far", "unit", "", false},
		{"exact is no suggestion", "cargo", "", false},
		{"tie goes to the first listed", "vtest", "vitest", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := spelling.Nearest(tt.word, known)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
		})
	}
	assert.Equal(t, ` (did you mean "timeout_seconds"?)`, spelling.Hint("timout_seconds", []string{"flags", "timeout_seconds"}))
	assert.Empty(t, spelling.Hint("zzz", []string{"flags"}))
}

// TestNearestLimits: one edit for words of up to four characters, two up
// to eight, three beyond; an edit count at the limit is still suggested.
func TestNearestLimits(t *testing.T) {
	tests := []struct {
		word, candidate string
		ok              bool
	}{
		{"abcd", "abxy", false},          // 4 characters, 2 edits
		{"abcd", "abcx", true},           // 4 characters, 1 edit
		{"abcde", "abcxy", true},         // 5 characters, 2 edits
		{"abcdefgh", "abcdexyz", false},  // 8 characters, 3 edits
		{"abcdefgh", "abcdefxy", true},   // 8 characters, 2 edits
		{"abcdefghi", "abcdefxyz", true}, // 9 characters, 3 edits
		{"abcdefghi", "abcdewxyz", false},
		{"x", "", false}, // an empty candidate is never suggested
	}
	for _, tt := range tests {
		got, ok := spelling.Nearest(tt.word, []string{tt.candidate})
		assert.Equal(t, tt.ok, ok, "Nearest(%q, [%q])", tt.word, tt.candidate)
		if tt.ok {
			assert.Equal(t, tt.candidate, got)
		}
	}
	// Two candidates differing from the word only in case: the first wins.
	got, ok := spelling.Nearest("PyTest", []string{"pytest", "PYTEST"})
	assert.True(t, ok)
	assert.Equal(t, "pytest", got)
}
