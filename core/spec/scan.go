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

// source is a spec's text split into lines: lines[i] is text[offs[i]:]
// up to its line break.
type source struct {
	text  string
	lines []string
	offs  []int
}

// splitLines splits s into lines without their line break: "\n", "\r\n"
// or a lone "\r" (classic Mac OS files, issue 9: read as one line, they hid
// every scenario). A leading UTF-8 byte order mark, written by some
// editors, is dropped so that it cannot hide front matter or a heading on
// line 1.
func splitLines(s string) source {
	s = strings.TrimPrefix(s, "\ufeff")
	src := source{text: s}
	if s == "" {
		return src
	}
	n := strings.Count(s, "\n") + 1
	src.lines, src.offs = make([]string, 0, n), make([]int, 0, n)
	for off := 0; off < len(s); {
		i := strings.IndexAny(s[off:], "\r\n")
		if i < 0 {
			i = len(s) - off // the last line has no break
		}
		src.lines = append(src.lines, s[off:off+i])
		src.offs = append(src.offs, off)
		off += i
		if strings.HasPrefix(s[off:], "\r\n") {
			off++
		}
		off++ // past the break (or the end)
	}
	return src
}

// join returns lines[from:to] as the file has them, line breaks included:
// a body is verbatim (seed 004 "scenario_prose is verbatim and
// untruncated", issue 27), so a CRLF file's body keeps its "\r\n". It is a
// slice of the text, so the bodies of a large spec are not a second copy.
func (s source) join(from, to int) string {
	if from >= to {
		return ""
	}
	last := to - 1
	return s.text[s.offs[from] : s.offs[last]+len(s.lines[last])]
}

// SameBody reports whether two scenario bodies say the same thing: equal
// but for surrounding blank space and their line endings, which a body
// keeps verbatim.
func SameBody(a, b string) bool {
	return strings.TrimSpace(LF(a)) == strings.TrimSpace(LF(b))
}

// LF is text with CRLF and lone CR line breaks made LF.
func LF(text string) string {
	if !strings.Contains(text, "\r") {
		return text
	}
	return strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
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

// ATXHeading is atxHeading, for the commands that write a heading and
// must know it reads back as written.
func ATXHeading(line string) (level int, text string, ok bool) { return atxHeading(line) }

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
