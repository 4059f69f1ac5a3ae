package spec

import (
	"strings"

	"github.com/espectacular/ah/core/slug"
)

const (
	scenarioPrefix    = "Scenario:"
	requirementPrefix = "requirement:"
)

// Parse reads the structure of one spec file. Headings inside fenced code
// blocks, HTML comments and YAML front matter are ignored; CRLF, CR and LF
// files give the same document. It never fails: text that is no structure is body text.
func Parse(data []byte) Document { return ParseString(string(data)) }

// ParseString is Parse of text already in a string: a large spec is then
// held once, and every line and body is a slice of it.
func ParseString(text string) Document {
	src := splitLines(text)
	hs, marks, misses, unclosed := scanHeadings(src.lines)
	d := assemble(src, hs, marks)
	d.NearMisses = misses
	d.Unclosed = unclosed
	return d
}

// mark is a line of a RENAMED or REMOVED section that names a requirement.
type mark struct {
	line int
	kind markKind
	name string
}

type markKind int

const (
	markFrom markKind = iota
	markTo
	markRemoved
)

// scanHeadings finds the headings with their spans, the requirement
// references of RENAMED and REMOVED sections, the near-miss scenario
// headings and an unclosed block hiding scenario headings.
func scanHeadings(lines []string) ([]Heading, []mark, []NearMiss, *Unclosed) {
	var hs []Heading
	var marks []mark
	var misses []NearMiss
	var open []int // indices in hs of headings whose span is still open
	last := 0      // the last non-blank line seen
	closeTo := func(level int) {
		for len(open) > 0 && hs[open[len(open)-1]].Level >= level {
			hs[open[len(open)-1]].Span.End = last
			open = open[:len(open)-1]
		}
	}
	delta := DeltaNone
	var blocks blockState
	for i := frontMatterEnd(lines); i < len(lines); i++ {
		n, line := i+1, lines[i]
		if !blocks.step(n, line) {
			if m, ok := nearMiss(line); ok {
				m.Line = n
				misses = append(misses, m)
			}
			if level, text, ok := atxHeading(line); ok {
				closeTo(level)
				hs = append(hs, Heading{Level: level, Title: text, Span: Span{n, n}})
				open = append(open, len(hs)-1)
				if level <= 2 {
					delta = DeltaNone
					if level == 2 {
						delta = deltaOf(text)
					}
				}
				last = n
				continue
			}
			if m, ok := refMark(delta, line); ok {
				m.line = n
				marks = append(marks, m)
			}
		}
		if strings.TrimSpace(line) != "" {
			last = n
		}
	}
	closeTo(1)
	return hs, marks, misses, blocks.unclosed()
}

// assemble builds the tree from the headings: `##` opens a section, `#`
// closes it, `### Requirement:` opens a requirement and any other `###`
// closes it, `#### Scenario:` is a scenario of the innermost open block.
func assemble(src source, hs []Heading, marks []mark) Document {
	lines := src.lines
	d := Document{Lines: len(lines), Headings: hs}
	sec, req := -1, -1
	reqs := func() *[]Requirement {
		if sec < 0 {
			return &d.Requirements
		}
		return &d.Sections[sec].Requirements
	}
	flush := func(before int) {
		for len(marks) > 0 && marks[0].line < before {
			// A mark is only made inside a delta section, the open one.
			if sec >= 0 {
				d.Sections[sec].addMark(marks[0])
			}
			marks = marks[1:]
		}
	}
	for _, h := range hs {
		flush(h.Span.Start)
		switch {
		case h.Level <= 2:
			sec, req = -1, -1
			if h.Level == 2 {
				d.Sections = append(d.Sections, Section{Title: h.Title, Delta: deltaOf(h.Title), Span: h.Span})
				sec = len(d.Sections) - 1
			}
		case h.Level == 3:
			req = -1
			if name, ok := requirementName(h.Title); ok {
				*reqs() = append(*reqs(), Requirement{Name: name, Span: h.Span})
				req = len(*reqs()) - 1
				if sec >= 0 && d.Sections[sec].Delta == DeltaRemoved {
					d.Sections[sec].Removed = append(d.Sections[sec].Removed, Ref{name, h.Span.Start})
				}
			}
		case h.Level == 4:
			title, ok := strings.CutPrefix(h.Title, scenarioPrefix)
			if !ok {
				continue
			}
			title = strings.TrimSpace(title)
			node := ScenarioNode{Span: h.Span, Scenario: Scenario{
				ID: slug.Make(title), Title: title, Line: h.Span.Start,
				Body: src.join(h.Span.Start, h.Span.End),
			}}
			switch {
			case req >= 0:
				r := &(*reqs())[req]
				r.Scenarios = append(r.Scenarios, node)
			case sec >= 0:
				d.Sections[sec].Scenarios = append(d.Sections[sec].Scenarios, node)
			default:
				d.Scenarios = append(d.Scenarios, node)
			}
		}
	}
	flush(len(lines) + 1)
	return d
}

// requirementName returns the name of a `### Requirement: <name>` heading;
// the prefix is case-insensitive, as in OpenSpec.
func requirementName(title string) (string, bool) {
	rest, ok := cutPrefixFold(title, requirementPrefix)
	if !ok {
		return "", false
	}
	name := strings.TrimSpace(rest)
	return name, name != ""
}

// cutPrefixFold is strings.CutPrefix ignoring case, for an ASCII prefix:
// a text shorter than the prefix is no match, its head being all of it.
func cutPrefixFold(s, prefix string) (string, bool) {
	head := s[:min(len(s), len(prefix))]
	if !strings.EqualFold(head, prefix) {
		return s, false
	}
	return s[len(head):], true
}
