package finding_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/finding"
)

func ptr[T any](v T) *T { return &v }

func at(k finding.Kind, specPath, id string) finding.Finding {
	f := finding.New(k, "m")
	f.SpecPath = specPath
	if id != "" {
		f.Scenario = &finding.ScenarioRef{ID: id}
	}
	return f
}

func withTest(f finding.Finding, typ, command string) finding.Finding {
	f.Test = &finding.Test{Type: typ, Command: command}
	return f
}

func withContract(f finding.Finding, p string) finding.Finding {
	f.ContractPath = p
	return f
}

func withMessage(f finding.Finding, m string) finding.Finding {
	f.Message = m
	return f
}

// sorted lists findings in the documented order: spec_path (bytewise, so
// a/b/spec.md before a/spec.md), scenario id, kind, test (none first, then
// type, command), contract path, message.
var sorted = []finding.Finding{
	at(finding.OrphanTOML, "", ""),
	at(finding.NoTOML, "openspec/specs/a/b/spec.md", "alpha"),
	at(finding.NoTOML, "openspec/specs/a/spec.md", ""),
	at(finding.IDMismatch, "openspec/specs/a/spec.md", "alpha"),
	at(finding.NoTOML, "openspec/specs/a/spec.md", "alpha"),
	at(finding.TestFailing, "openspec/specs/a/spec.md", "alpha"),
	withTest(at(finding.TestFailing, "openspec/specs/a/spec.md", "alpha"), "shell", "a"),
	withTest(at(finding.TestFailing, "openspec/specs/a/spec.md", "alpha"), "shell", "b"),
	withTest(at(finding.TestFailing, "openspec/specs/a/spec.md", "alpha"), "unit", "a"),
	withContract(at(finding.OrphanTOML, "openspec/specs/a/spec.md", "beta"), ".espectacular/a/beta.toml"),
	withContract(at(finding.OrphanTOML, "openspec/specs/a/spec.md", "beta"), ".espectacular/a/gamma/beta.toml"),
	withMessage(at(finding.SlugCollision, "openspec/specs/a/spec.md", "beta"), "a"),
	withMessage(at(finding.SlugCollision, "openspec/specs/a/spec.md", "beta"), "b"),
	at(finding.NoTOML, "openspec/specs/b/spec.md", "alpha"),
}

func TestSortTotalOrder(t *testing.T) {
	for i := 1; i < len(sorted); i++ {
		require.Negative(t, finding.Compare(sorted[i-1], sorted[i]), "Compare(sorted[%d], sorted[%d])", i-1, i)
		require.Positive(t, finding.Compare(sorted[i], sorted[i-1]), "Compare(sorted[%d], sorted[%d])", i, i-1)
	}
	for i, f := range sorted {
		require.Zero(t, finding.Compare(f, f), "Compare(sorted[%d], itself)", i)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		got := slices.Clone(sorted)
		rng.Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
		finding.Sort(got)
		require.Equal(t, sorted, got)
	}
}

func TestSortEmpty(t *testing.T) {
	assert.NotPanics(t, func() { finding.Sort(nil) })
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		name      string
		in        []finding.Finding
		scenarios int
		passed    int
		want      finding.Summary
	}{
		{
			name: "no findings",
			want: finding.Summary{CountsByKind: map[finding.Kind]int{}},
		},
		{
			name: "every category",
			in: []finding.Finding{
				finding.New(finding.NoTOML, ""),
				finding.New(finding.NoTOML, ""),
				finding.New(finding.OrphanTOML, ""),
				finding.New(finding.TestFailing, ""),
				finding.New(finding.MissingLivenessTimeout, ""),
				finding.New(finding.UnknownArchetype, ""),
				finding.New(finding.Recommendation, ""),
			},
			scenarios: 7,
			passed:    3,
			want: finding.Summary{
				Scenarios:  7,
				Structural: 3,
				Execution:  1,
				Warnings:   2,
				Passed:     3,
				CountsByKind: map[finding.Kind]int{
					finding.NoTOML:                 2,
					finding.OrphanTOML:             1,
					finding.TestFailing:            1,
					finding.MissingLivenessTimeout: 1,
					finding.UnknownArchetype:       1,
					finding.Recommendation:         1,
				},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, finding.Summarize(tt.in, tt.scenarios, tt.passed))
		})
	}
}

func TestBlocking(t *testing.T) {
	for _, k := range finding.Kinds() {
		t.Run(string(k), func(t *testing.T) {
			f := finding.New(k, "m")
			info, _ := finding.Info(k)
			want := info.Severity == finding.Error && (info.Category == finding.Structural || info.Category == finding.Execution)
			assert.Equal(t, want, f.Blocking(), "New(%s).Blocking()", k)
			assert.Equal(t, want, finding.Failed([]finding.Finding{f}), "Failed([%s])", k)
			if info.Category == finding.Warning || info.Category == finding.Quality {
				assert.False(t, f.Blocking(), "a %s finding never blocks", info.Category)
			}
		})
	}
}

func TestBlockingRules(t *testing.T) {
	tests := []struct {
		name     string
		category finding.Category
		severity finding.Severity
		want     bool
	}{
		{"structural error", finding.Structural, finding.Error, true},
		{"execution error", finding.Execution, finding.Error, true},
		{"structural warning", finding.Structural, finding.Warn, false},
		{"warning category with error severity", finding.Warning, finding.Error, false},
		{"warning", finding.Warning, finding.Warn, false},
		{"quality error", finding.Quality, finding.Error, false},
		{"quality info", finding.Quality, finding.Note, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := finding.Finding{Category: tt.category, Severity: tt.severity}
			assert.Equal(t, tt.want, f.Blocking())
		})
	}
	assert.False(t, finding.Failed(nil))
	assert.True(t, finding.Failed([]finding.Finding{finding.New(finding.UnknownArchetype, ""), finding.New(finding.NoTOML, "")}))
	assert.False(t, finding.Failed([]finding.Finding{finding.New(finding.UnknownArchetype, ""), finding.New(finding.MissingLivenessTimeout, "")}))
}

func TestNewPanicsOnUnknownKind(t *testing.T) {
	assert.PanicsWithValue(t, "finding: unknown kind no-such-kind", func() { finding.New("no-such-kind", "m") })
}

func TestNew(t *testing.T) {
	f := finding.New(finding.MissingLivenessTimeout, "msg")
	assert.Equal(t, finding.Finding{
		Kind:            finding.MissingLivenessTimeout,
		Category:        finding.Warning,
		Severity:        finding.Warn,
		SuggestedAction: finding.ReviewAndApply,
		PlaybookCommand: "ah explain missing-liveness-timeout",
		Message:         "msg",
	}, f)
}

func TestKinds(t *testing.T) {
	kinds := finding.Kinds()
	require.NotEmpty(t, kinds)
	assert.True(t, slices.IsSorted(kinds), "Kinds() not sorted")
	assert.Equal(t, len(kinds), len(slices.Compact(slices.Clone(kinds))), "Kinds() has duplicates")
	actions := finding.Actions()
	for _, k := range kinds {
		info, ok := finding.Info(k)
		require.True(t, ok, "Info(%s)", k)
		assert.Contains(t, []finding.Category{finding.Structural, finding.Execution, finding.Quality, finding.Warning}, info.Category, "%s category", k)
		assert.Contains(t, []finding.Severity{finding.Error, finding.Warn, finding.Note}, info.Severity, "%s severity", k)
		assert.Contains(t, actions, info.Action, "%s action", k)
		assert.NotPanics(t, func() { finding.New(k, "") })
	}
	_, ok := finding.Info("no-such-kind")
	assert.False(t, ok)
}

func TestActions(t *testing.T) {
	actions := finding.Actions()
	assert.True(t, slices.IsSorted(actions))
	// No speculative actions: each one is some kind's action, or
	// human_review_required, which custom runners report.
	emitted := []finding.Action{finding.HumanReviewRequired}
	for _, k := range finding.Kinds() {
		info, _ := finding.Info(k)
		emitted = append(emitted, info.Action)
	}
	slices.Sort(emitted)
	assert.Equal(t, slices.Compact(emitted), actions)
	for _, a := range actions {
		assert.Equal(t, a == finding.EnableCapability, a.Mechanical(), "%s.Mechanical()", a)
	}
}

func TestWithScenario(t *testing.T) {
	tests := []struct {
		name      string
		scenario  finding.ScenarioRef
		wantProse *string
	}{
		{
			name:      "scenario with a heading carries its prose",
			scenario:  finding.ScenarioRef{ID: "a", Title: "A", BodyMarkdown: "- WHEN x", Line: ptr(3)},
			wantProse: ptr("- WHEN x"),
		},
		{
			name:      "empty body is still prose",
			scenario:  finding.ScenarioRef{ID: "a", Title: "A", Line: ptr(3)},
			wantProse: ptr(""),
		},
		{
			name:     "orphan has no prose",
			scenario: finding.ScenarioRef{ID: "a"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := finding.New(finding.NoTOML, "m").WithScenario("gate", "openspec/specs/gate/spec.md", tt.scenario)
			assert.Equal(t, "gate", f.Spec)
			assert.Equal(t, "openspec/specs/gate/spec.md", f.SpecPath)
			require.NotNil(t, f.Scenario)
			assert.Equal(t, tt.scenario, *f.Scenario)
			assert.Equal(t, tt.wantProse, f.ScenarioProse)
		})
	}
}
