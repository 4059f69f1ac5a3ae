// Package spec reads OpenSpec spec.md files: it finds the scenarios in one
// file and the capabilities under a specs directory.
package spec

import "strings"

// Scenario is one `#### Scenario: <title>` heading and its body.
type Scenario struct {
	// ID is the slug of Title; it names the contract file.
	ID    string
	Title string
	// Body is the verbatim text after the heading up to the next heading of
	// level 1 to 4, trailing blank lines dropped.
	Body string
	// Line is the 1-based line of the heading.
	Line int
}

// Scan returns the scenarios of one spec file in document order. Headings
// inside fenced code blocks and YAML front matter are ignored; tables and
// other specodelic layers contribute nothing because they are not headings.
// Only ATX headings count: a setext heading stays in a scenario's body.
func Scan(data []byte) []Scenario {
	return Parse(data).Flatten()
}

// splitLines splits s into lines without their line break: "\n", "\r\n"
// or a lone "\r" (classic Mac OS files, issue 9: read as one line, they hid
// every scenario). A leading UTF-8 byte order mark, written by some
// editors, is dropped so that it cannot hide front matter or a heading on
// line 1.
func splitLines(s string) []string {
	s = strings.TrimPrefix(s, "\ufeff")
	if s == "" {
		return nil
	}
	lines := make([]string, 0, strings.Count(s, "\n")+1)
	for {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			break
		}
		lines = append(lines, s[:i])
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		s = s[i+1:]
	}
	if s != "" {
		lines = append(lines, s) // the last line has no break
	}
	return lines
}

// frontMatterEnd returns the index of the first line after a YAML front
// matter block that opens on the first line with "---".
func frontMatterEnd(lines []string) int {
	if len(lines) == 0 || strings.TrimRight(lines[0], " \t") != "---" {
		return 0
	}
	for i := 1; i < len(lines); i++ {
		if t := strings.TrimRight(lines[i], " \t"); t == "---" || t == "..." {
			return i + 1
		}
	}
	return 0 // unterminated: not front matter
}

// atxHeading recognises a CommonMark ATX heading: up to three spaces of
// indentation, 1-6 '#', then a space or the end of the line. The closing
// sequence of '#' is removed from the text.
func atxHeading(line string) (level int, text string, ok bool) {
	rest, ok := trimIndent(line)
	if !ok {
		return 0, "", false
	}
	for level < len(rest) && rest[level] == '#' {
		level++
	}
	if level == 0 || level > 6 {
		return 0, "", false
	}
	rest = rest[level:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return 0, "", false
	}
	text = strings.TrimSpace(rest)
	if trimmed := strings.TrimRight(text, "#"); trimmed != text && (trimmed == "" || strings.HasSuffix(trimmed, " ") || strings.HasSuffix(trimmed, "\t")) {
		text = strings.TrimSpace(trimmed)
	}
	return level, text, true
}

// trimIndent strips up to three leading spaces; four or more make an
// indented code block, which never holds a heading.
func trimIndent(line string) (string, bool) {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	if n > 3 {
		return "", false
	}
	return line[n:], true
}

// fenceState tracks fenced code blocks (``` or ~~~, three or more).
type fenceState struct {
	char byte
	size int
}

// step consumes one line and reports whether it belongs to a fence (an
// opening or closing line, or content inside one).
func (f *fenceState) step(line string) bool {
	rest, ok := trimIndent(line)
	if f.size > 0 {
		if ok {
			if n := run(rest, f.char); n >= f.size && strings.TrimSpace(rest[n:]) == "" {
				f.size = 0
			}
		}
		return true
	}
	if !ok || rest == "" || (rest[0] != '`' && rest[0] != '~') {
		return false
	}
	n := run(rest, rest[0])
	if n < 3 || (rest[0] == '`' && strings.ContainsRune(rest[n:], '`')) {
		return false
	}
	f.char, f.size = rest[0], n
	return true
}

func run(s string, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}
