package spec

import "strings"

// Unclosed is a code fence or HTML comment that runs to the end of the file
// and hides scenario headings: CommonMark makes everything after an
// unclosed fence code, so the scenarios below it are silently unchecked.
type Unclosed struct {
	// Line is the 1-based line that opens the block.
	Line int
	// What is "code fence" or "HTML comment".
	What string
	// Hidden are the lines of the scenario headings it hides.
	Hidden []int
}

// blockState tracks the blocks whose lines are never headings: fenced code
// (``` or ~~~) and HTML comments (`<!--` to the line holding `-->`), so a
// heading commented out does not count.
type blockState struct {
	fence fenceState
	// comment is true inside an HTML comment.
	comment bool
	// opened is the line that opened the current block, 0 outside one.
	opened int
	hidden []int
}

// step consumes line n and reports whether it belongs to a fence or a
// comment.
func (b *blockState) step(n int, line string) bool {
	switch {
	case b.comment:
		if strings.Contains(line, "-->") {
			b.comment, b.opened, b.hidden = false, 0, nil
		} else {
			b.hide(n, line)
		}
		return true
	case b.fence.size > 0:
		b.fence.step(line)
		if b.fence.size == 0 {
			b.opened, b.hidden = 0, nil
		} else {
			b.hide(n, line)
		}
		return true
	case b.fence.step(line):
		b.opened = n
		return true
	}
	rest, ok := trimIndent(line)
	if !ok {
		return false
	}
	after, ok := strings.CutPrefix(rest, "<!--")
	if !ok {
		return false
	}
	// `<!-->` and `<!--->` are complete (empty) comments in CommonMark.
	if !strings.Contains(after, "-->") && !strings.HasPrefix(after, ">") && !strings.HasPrefix(after, "->") {
		b.comment, b.opened = true, n
	}
	return true
}

// hide records line n when it would be a scenario heading outside blocks.
func (b *blockState) hide(n int, line string) {
	if level, text, ok := atxHeading(line); ok && level == 4 && strings.HasPrefix(text, scenarioPrefix) {
		b.hidden = append(b.hidden, n)
	}
}

// unclosed returns the open block at the end of the file, if it hides a
// scenario heading.
func (b *blockState) unclosed() *Unclosed {
	if b.opened == 0 || len(b.hidden) == 0 {
		return nil
	}
	what := "code fence"
	if b.comment {
		what = "HTML comment"
	}
	return &Unclosed{Line: b.opened, What: what, Hidden: b.hidden}
}
