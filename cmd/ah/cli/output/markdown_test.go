package output_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMarkdownGolden(t *testing.T) {
	golden(t, "report.md", render(t, "markdown", false))
	golden(t, "report-timings.md", render(t, "markdown", true))
}

// TestMarkdownEscapes: a title with | and backticks cannot split the
// table row or open a code span, a multi-line message stays on its row,
// and the tail is fenced whole.
func TestMarkdownEscapes(t *testing.T) {
	got := string(render(t, "markdown", false))
	assert.Contains(t, got, "| error | `test-failing` | openspec/specs/parser/spec.md:9 (parser/rejects-bad-input) |")
	assert.True(t, strings.HasPrefix(got, "## ah check: FAILED\n\n| Scenarios | Structural | Execution | Warnings | Tests passed |\n"))
	assert.Contains(t, got, "| 4 | 2 | 1 | 1 | 1 |")
	assert.Contains(t, got, "```text\ntests.pytest[0]")
	assert.Contains(t, got, "assert 1 < 0 & more\nAssertionError\n", "fenced text is kept verbatim")
	assert.Contains(t, got, "| warning | `unknown-archetype` | openspec/specs/lexer/spec.md:3 (lexer/tokens) | archetype \\`XX\\` is unknown: use one of PF \\| CE, %s |")
	for l := range strings.Lines(got) {
		if strings.HasPrefix(l, "| error ") || strings.HasPrefix(l, "| warning ") {
			assert.Equal(t, 5, strings.Count(l, "|")-strings.Count(l, `\|`), "row %q", l)
		}
	}
	assert.NotContains(t, got, "Duration", "only with --timings")
}
