package output_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/cmd/ah/cli/output"
)

func TestGitHubGolden(t *testing.T) {
	golden(t, "report.github.txt", render(t, "github", false))
	golden(t, "report-timings.github.txt", render(t, "github", true))
}

// TestGitHubAnnotations: one command per finding at the heading line, the
// severity mapped to error/warning, messages escaped so a newline or a %
// cannot end the command, and : and , escaped in properties.
func TestGitHubAnnotations(t *testing.T) {
	got := string(render(t, "github", false))
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	require.Len(t, lines, 5, "four findings and the summary line")
	assert.True(t, strings.HasPrefix(lines[0], "::error file=.espectacular/lexer/gone.toml,title=ah orphan-toml::"))
	assert.True(t, strings.HasPrefix(lines[1], "::warning file=openspec/specs/lexer/spec.md,line=3,title=ah unknown-archetype (lexer/tokens)::archetype `XX` is unknown: use one of PF | CE, %25s%0A"))
	assert.Contains(t, lines[3], "::error file=openspec/specs/parser/spec.md,line=9,title=ah test-failing (parser/rejects-bad-input)::")
	assert.Contains(t, lines[3], "%0A--- tests/test_parser.py::test_bad%0Aassert 1 < 0 & more%0AAssertionError%0A")
	// The failed test's own failure text stands for the output tails, once
	// (issue 37: pytest's tail repeated it, so the annotation carried it
	// twice).
	assert.NotContains(t, lines[3], "stdout (tail)")
	assert.Equal(t, 1, strings.Count(lines[3], "AssertionError"))
	assert.Equal(t, "ah check: FAILED: 4 scenarios, 2 structural, 1 execution, 1 warning, 1 test passed", lines[4])
}

func TestGitHubPropertyEscapes(t *testing.T) {
	r := fixture(false)
	r.Findings = r.Findings[:1]
	r.Findings[0].ContractPath = ".espectacular/a,b/c:d%.toml\n"
	var b bytes.Buffer
	require.NoError(t, output.NewGitHub(&b, output.Options{}).Print(r))
	assert.True(t, strings.HasPrefix(b.String(), "::error file=.espectacular/a%2Cb/c%3Ad%25.toml%0A,title=ah orphan-toml::"), b.String())
}

// fakeAppend records what the printer appends, per path.
type fakeAppend struct {
	files map[string]*bytes.Buffer
	err   error
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

func (f *fakeAppend) open(path string) (io.WriteCloser, error) {
	if f.err != nil {
		return nil, f.err
	}
	if f.files[path] == nil {
		f.files[path] = &bytes.Buffer{}
	}
	return nopCloser{f.files[path]}, nil
}

// TestGitHubStepSummary: with GITHUB_STEP_SUMMARY set the Markdown report
// is appended after what the file already holds; unset, nothing is
// written; a failed append names the file.
func TestGitHubStepSummary(t *testing.T) {
	env := map[string]string{"GITHUB_STEP_SUMMARY": "/run/summary.md"}
	fa := &fakeAppend{files: map[string]*bytes.Buffer{"/run/summary.md": bytes.NewBufferString("earlier step\n")}}
	o := output.Options{Getenv: func(k string) string { return env[k] }, AppendFile: fa.open}
	var out bytes.Buffer
	require.NoError(t, output.NewGitHub(&out, o).Print(fixture(false)))
	assert.Equal(t, "earlier step\n"+string(render(t, "markdown", false)), fa.files["/run/summary.md"].String())
	assert.NotContains(t, out.String(), "## ah check", "the summary goes to the file only")

	delete(env, "GITHUB_STEP_SUMMARY")
	fa.files = map[string]*bytes.Buffer{}
	require.NoError(t, output.NewGitHub(&out, o).Print(fixture(false)))
	assert.Empty(t, fa.files)

	env["GITHUB_STEP_SUMMARY"] = "/run/summary.md"
	fa.err = errors.New("permission denied")
	err := output.NewGitHub(&out, o).Print(fixture(false))
	assert.EqualError(t, err, "cannot append the job summary to /run/summary.md (GITHUB_STEP_SUMMARY): permission denied")
}
