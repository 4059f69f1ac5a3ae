package check_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/finding"
)

// TestRunProseIsVerbatim: seed 004 "scenario_prose is verbatim and
// untruncated" (issue 27): a spec written with CRLF or lone CR line
// endings gives prose with the file's own line breaks, not LF ones, while
// the scenario is found on the same line as in an LF file.
func TestRunProseIsVerbatim(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n", "\r"} {
		t.Run(strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(eol), func(t *testing.T) {
			spec := strings.ReplaceAll(gateSpec, "\n", eol)
			files := edit(map[string]string{"openspec/specs/gate/spec.md": spec, betaToml: ""})
			rep, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{})
			require.NoError(t, err)
			require.Len(t, rep.Findings, 1)
			f := rep.Findings[0]
			assert.Equal(t, finding.NoTOML, f.Kind)
			want := "- WHEN beta" + eol + "- THEN ok"
			require.NotNil(t, f.ScenarioProse)
			assert.Equal(t, want, *f.ScenarioProse)
			assert.Equal(t, want, f.Scenario.BodyMarkdown)
			assert.Equal(t, 11, *f.Scenario.Line)
		})
	}
}
