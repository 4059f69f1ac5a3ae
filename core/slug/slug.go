// Package slug turns scenario titles into the ids that name contract files.
package slug

import (
	"strings"
	"unicode"
)

// Make lowercases title and turns every run of characters that are not
// letters or digits into one '-', trimming separators at both ends:
// "Reject: empty input (v2)!" -> "reject-empty-input-v2".
func Make(title string) string {
	var b strings.Builder
	pendingSep := false
	for _, r := range title {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if pendingSep && b.Len() > 0 {
				b.WriteByte('-')
			}
			pendingSep = false
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		pendingSep = true
	}
	return b.String()
}
