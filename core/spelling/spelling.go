package spelling

import (
	"fmt"
	"strings"
)

// Nearest returns the candidate closest to word by edit distance, when it
// is close enough to be a plausible typo: at most one edit for words of up
// to four characters, two up to eight, three beyond. Ties go to the
// candidate listed first, so callers pass candidates in a fixed order.
// A candidate equal to word is never suggested.
func Nearest(word string, candidates []string) (string, bool) {
	best, bestDist := "", -1
	for _, c := range candidates {
		if c == word || c == "" {
			continue
		}
		d := Distance(strings.ToLower(word), strings.ToLower(c))
		if d > limit(word) {
			continue
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, bestDist >= 0
}

// Hint is " (did you mean "x"?)" for the nearest candidate, or "".
func Hint(word string, candidates []string) string {
	if c, ok := Nearest(word, candidates); ok {
		return fmt.Sprintf(" (did you mean %q?)", c)
	}
	return ""
}

func limit(word string) int {
	switch n := len([]rune(word)); {
	case n <= 4:
		return 1
	case n <= 8:
		return 2
	default:
		return 3
	}
}

// Distance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and transpositions of adjacent
// runes each cost one, so "timout" -> "timeout" and "pyets" -> "pytest"
// are short hops.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
