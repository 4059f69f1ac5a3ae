package lifecycle

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/espectacular/ah/core/spec"
)

// checkName refuses a name the user gives a command that writes it into
// Markdown or TOML (a change id, a capability, a scenario id) when it is
// not one line of plain text: a line break (\n, \r, \v, \f, U+0085,
// U+2028, U+2029) would start a line of its own (a heading, a REMOVED
// section) in the file written around it, and any other control
// character is not text (issue 38).
func checkName(what, name string) error {
	for _, r := range name {
		switch {
		case r == '\n' || r == '\r' || r == '\v' || r == '\f' || r == '\u0085' || r == '\u2028' || r == '\u2029':
			return &InputError{fmt.Sprintf("%s %q holds a line break (U+%04X): a name is one line of text, and a line break would add lines of its own to the Markdown written around it; give it on one line", what, name, r)}
		case unicode.IsControl(r) || r == '\uFEFF':
			return &InputError{fmt.Sprintf("%s %q holds the control character U+%04X: a name is plain text; remove it", what, name, r)}
		}
	}
	return nil
}

// checkTitle refuses a heading text (title, after prefix "Scenario: " or
// "Requirement: ") that would not read back as written: checkName's line
// breaks, and a closing sequence of '#' that CommonMark strips from the
// heading ("Login ##" reads "Login").
func checkTitle(what, prefix, title string) error {
	if err := checkName(what, title); err != nil {
		return err
	}
	line := "#### " + prefix + title
	if _, text, ok := spec.ATXHeading(line); !ok || text != strings.TrimSpace(prefix+title) {
		return &InputError{fmt.Sprintf("%s %q would read back as %q in the heading %q (Markdown drops a closing sequence of '#'): reword it so it does not end in \" #\"", what, title, strings.TrimPrefix(text, prefix), line)}
	}
	return nil
}
