package slug

import (
	"strings"
	"unicode"
)

// Make lowercases title and turns every run of characters that are not
// letters or digits into one '-', trimming separators at both ends:
// "Reject: empty input (v2)!" -> "reject-empty-input-v2". It names the
// contract of a scenario.
func Make(title string) string {
	return join(title, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// ASCII is Make keeping ASCII letters and digits only: every other
// character, non-ASCII letters included, separates. It names the contract
// of a Properties row (P-weird.name/x -> p-weird-name-x), as the Rust ah
// named it, so existing derived contracts keep their files.
func ASCII(id string) string {
	return join(id, func(r rune) bool { return r <= unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) })
}

// join is the one slug loop: kept runs of runes, lowercased, joined by
// single '-'.
func join(s string, keep func(rune) bool) string {
	var b strings.Builder
	pendingSep := false
	for _, r := range s {
		if keep(r) {
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
