package spkcli_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/infra/spkcli"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/ports/portstest"
)

const spec = "openspec/specs/gate/spec.md"

// Envelope shapes from the reference notes (§2.2-2.4).
const (
	lintClean = `{"ok":true,"envelope_version":"0.1","cli_version":"0.7.0","envelope_kind":"ok","data":{"files_linted":1,"issues":[],"warnings":[],"checklists_declared":0},"warnings":[],"hints":[],"meta":{"duration_ms":3,"tx":null,"request_id":null}}`
	// spk 0.2-0.4: ok true with issues and exit 1.
	lintDirtyOld = `{"ok":true,"envelope_kind":"ok","data":{"files_linted":1,"issues":[{"rule_id":"linter.unique_id","rule_semantics":"ids are unique","file":"openspec/specs/gate/spec.md","message":"duplicate id ` + "`P-a`" + ` (in properties and properties)"}]},"warnings":[],"hints":[],"meta":{}}`
	// spk 0.7: ok false, error envelope, payload intact.
	lintDirtyNew = `{"ok":false,"envelope_kind":"error","data":{"issues":[{"rule_id":"linter.coverage","file":"openspec/specs/gate/spec.md","message":"C-x has no property"},{"rule_id":"linter.unique_id","file":"x","message":"dup"}]},"warnings":[{"rule_name":"","message":"lint failed"}],"hints":[],"meta":{}}`
	parseOut     = `{"ok":true,"envelope_kind":"ok","data":{"path":"openspec/specs/gate/spec.md","intent":{"id":"gate","kind":"intent","statement":"s","extra":{}},` +
		`"constraints":[{"id":"C-x","kind":"invariant","cells":{"expr":"e","id":"C-x","kind":"invariant","traces_to":"[[gate]]"}}],` +
		`"states":[{"id":"s1","kind":null,"cells":{"id":"s1"}}],"transitions":[{"id":"t","from":"s1","to":"s1","guard":"[[gate.C-x]]"},{"id":"u","from":"s1","to":"s1","guard":null}],` +
		`"properties":[{"id":"P-a","kind":"unit","cells":{"derives_from":"[[gate.C-x]]","generator":"g","id":"P-a","kind":"unit","predicate":"p"}}],"links":[],"future_field":1},"warnings":[],"hints":[],"meta":{}}`
)

func answer(stdout string, code int) portstest.ProcessResponse {
	return portstest.ProcessResponse{Result: ports.Result{ExitCode: code, Stdout: []byte(stdout)}}
}

func TestLint(t *testing.T) {
	tests := []struct {
		name  string
		resp  portstest.ProcessResponse
		clean bool
		rules []string
		fails bool
	}{
		{"clean", answer(lintClean, 0), true, nil, false},
		{"dirty, ok true (spk 0.4)", answer(lintDirtyOld, 1), false, []string{"linter.unique_id"}, false},
		{"dirty, ok false (spk 0.7)", answer(lintDirtyNew, 1), false, []string{"linter.coverage", "linter.unique_id"}, false},
		{"exit 1 without issues: broken file", answer(`{"ok":false,"data":null,"warnings":["cannot parse"]}`, 1), false, nil, true},
		{"not an envelope", answer("thread main panicked", 101), false, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &portstest.Process{Default: tt.resp}
			got, err := spkcli.New(p, []string{"fake-spk"}, "/repo").Lint(t.Context(), spec)
			assert.Equal(t, [][]string{{"fake-spk", "lint", spec, "--json"}}, p.Argvs())
			if tt.fails {
				_, ok := errors.AsType[*ports.SpkError](err)
				assert.True(t, ok, "Lint error = %v, want an SpkError", err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.clean, got.Clean)
			var rules []string
			for _, i := range got.Issues {
				rules = append(rules, i.RuleID)
			}
			assert.Equal(t, tt.rules, rules)
		})
	}
}

func TestParse(t *testing.T) {
	p := &portstest.Process{Default: answer(parseOut, 0)}
	got, err := spkcli.New(p, nil, "/repo").Parse(t.Context(), spec)
	require.NoError(t, err)
	assert.Equal(t, [][]string{{"spk", "parse", spec, "--json"}}, p.Argvs(), "the default program is spk")
	require.Len(t, got.Properties, 1)
	assert.Equal(t, "P-a", got.Properties[0].ID)
	assert.Equal(t, "unit", *got.Properties[0].Kind)
	assert.Equal(t, "p", got.Properties[0].Cells["predicate"])
	assert.Nil(t, got.States[0].Kind)
	assert.Nil(t, got.Transitions[1].Guard)
	assert.Equal(t, "[[gate.C-x]]", *got.Transitions[0].Guard)

	p = &portstest.Process{Default: answer(`{"ok":true,"data":null}`, 0)}
	got, err = spkcli.New(p, nil, "/repo").Parse(t.Context(), spec)
	require.NoError(t, err)
	assert.Empty(t, got.Properties, "data null is an empty spec")

	p = &portstest.Process{Default: answer(`{"ok":false,"envelope_kind":"error","data":null,"warnings":[{"message":"row has no `+"`id`"+` cell"}]}`, 1)}
	_, err = spkcli.New(p, nil, "/repo").Parse(t.Context(), spec)
	assert.ErrorContains(t, err, "spk parse openspec/specs/gate/spec.md failed: row has no `id` cell")
}

func TestVersionAndUnavailable(t *testing.T) {
	p := &portstest.Process{Default: answer(`{"ok":true,"envelope_kind":"version","data":{"name":"specodelic","version":"0.7.0","format_revision":"specodelic.md Revision 18"}}`, 0)}
	v, err := spkcli.New(p, nil, "/repo").Version(t.Context())
	require.NoError(t, err)
	assert.Equal(t, "0.7.0", v)
	assert.Equal(t, [][]string{{"spk", "--version", "--json"}}, p.Argvs())

	p = &portstest.Process{Default: portstest.ProcessNotFound("spk")}
	_, err = spkcli.New(p, nil, "/repo").Lint(t.Context(), spec)
	assert.ErrorIs(t, err, ports.ErrSpkUnavailable)
	_, err = spkcli.New(p, nil, "/repo").Parse(t.Context(), spec)
	assert.ErrorIs(t, err, ports.ErrSpkUnavailable)
}
