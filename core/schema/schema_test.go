package schema_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/schemas"
)

func TestValidate(t *testing.T) {
	contract := func(extra map[string]any) map[string]any {
		doc := map[string]any{"id": "a", "description": "d", "archetype": "PF", "status": "active", "authored_with": "0.1.0"}
		for k, v := range extra {
			doc[k] = v
		}
		return doc
	}
	tests := []struct {
		name   string
		schema string
		doc    map[string]any
		want   []schema.Problem
	}{
		{name: "valid contract", schema: schemas.Contract, doc: contract(nil)},
		{
			name:   "missing key",
			schema: schemas.Config,
			doc:    map[string]any{},
			want:   []schema.Problem{{Keyword: "required", Field: "tool_version", Message: `missing required key "tool_version"`}},
		},
		{
			name:   "unknown key",
			schema: schemas.Contract,
			doc:    contract(map[string]any{"ID": "a"}),
			want:   []schema.Problem{{Keyword: "additionalProperties", Field: "ID", Message: `unknown key "ID" (did you mean "id"?)`}},
		},
		{
			name:   "unknown key far from every known one",
			schema: schemas.Contract,
			doc:    contract(map[string]any{"colour": "red"}),
			want:   []schema.Problem{{Keyword: "additionalProperties", Field: "colour", Message: `unknown key "colour" (check the spelling)`}},
		},
		{
			// issue 8: name the key the typo was meant to be.
			name:   "misspelt entry key",
			schema: schemas.Contract,
			doc:    contract(map[string]any{"tests": map[string]any{"pytest": []any{map[string]any{"flags": "x", "timout_seconds": int64(5)}}}}),
			want: []schema.Problem{{
				Path: "tests.pytest[0]", Keyword: "additionalProperties", Field: "timout_seconds",
				Message: `unknown key "timout_seconds" (did you mean "timeout_seconds"?)`,
			}},
		},
		{
			name:   "misspelt config key",
			schema: schemas.Config,
			doc:    map[string]any{"tool_version": "1", "execution": map[string]any{"jbos": int64(2)}},
			want: []schema.Problem{{
				Path: "execution", Keyword: "additionalProperties", Field: "jbos",
				Message: `unknown key "jbos" (did you mean "jobs"?)`,
			}},
		},
		{
			// issue 8: [tests.pytest] written where [[tests.pytest]] was meant.
			name:   "single table for an array of tables",
			schema: schemas.Contract,
			doc:    contract(map[string]any{"tests": map[string]any{"pytest": map[string]any{"flags": "x"}, "shell": map[string]any{"command": "x"}}}),
			want: []schema.Problem{
				{Path: "tests.pytest", Keyword: "type", Message: "is a single table [tests.pytest]; use [[tests.pytest]] (double brackets), one per test entry"},
				{Path: "tests.shell", Keyword: "type", Message: "is a single table [tests.shell]; use [[tests.shell]] (double brackets), one per test entry"},
			},
		},
		{
			name:   "table for an array of strings keeps the type message",
			schema: schemas.Config,
			doc:    map[string]any{"tool_version": "1", "execution": map[string]any{"wrapper": map[string]any{"a": "b"}}},
			want:   []schema.Problem{{Path: "execution.wrapper", Keyword: "type", Message: "got object, want array"}},
		},
		{
			name:   "nested path with index",
			schema: schemas.Contract,
			doc:    contract(map[string]any{"tests": map[string]any{"unit": []any{map[string]any{"flags": "x", "exclusive": "yes"}}}}),
			want:   []schema.Problem{{Path: "tests.unit[0].exclusive", Keyword: "type", Message: "got string, want boolean"}},
		},
		{
			// jsonschema v6.0.3 reports propertyNames errors at a location it
			// later overwrites ("status"); the path must name the object.
			name:   "invalid test type name",
			schema: schemas.Contract,
			doc:    contract(map[string]any{"tests": map[string]any{"my unit": []any{map[string]any{"flags": "x"}}}}),
			want: []schema.Problem{{
				Path: "tests", Keyword: "propertyNames", Field: "my unit",
				Message: `invalid key "my unit" (key names must match ^[A-Za-z0-9_-]+$)`,
			}},
		},
		{
			name:   "invalid runner name",
			schema: schemas.Config,
			doc:    map[string]any{"tool_version": "1", "paths": map[string]any{"specs": "s"}, "runners": map[string]any{"a b": []any{"x"}}},
			want: []schema.Problem{{
				Path: "runners", Keyword: "propertyNames", Field: "a b",
				Message: `invalid key "a b" (key names must match ^[A-Za-z0-9_-]+$)`,
			}},
		},
		{
			name:   "relative path",
			schema: schemas.Config,
			doc:    map[string]any{"tool_version": "1", "paths": map[string]any{"specs": "../x"}},
			want: []schema.Problem{{
				Path: "paths.specs", Keyword: "not",
				Message: "must be a relative path inside the repository (no absolute path, no '..' segment)",
			}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := schema.Validate(tt.schema, tt.doc)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestValidateUnknownSchema(t *testing.T) {
	_, err := schema.Validate("nope.schema.json", map[string]any{})
	assert.ErrorContains(t, err, "nope.schema.json")
}

func TestProblemString(t *testing.T) {
	assert.Equal(t, "m", schema.Problem{Message: "m"}.String())
	assert.Equal(t, "a.b: m", schema.Problem{Path: "a.b", Message: "m"}.String())
}

// TestValidateDeterministic: jsonschema reports unknown keys and invalid
// key names in map iteration order; ah's messages must not depend on it
// (two runs of `ah check` on a config with several unknown keys printed
// `unknown key "zz", "aa", "mm"` one time and `"mm", "zz", "aa"` the next).
func TestValidateDeterministic(t *testing.T) {
	doc := map[string]any{
		"tool_version": "1",
		"zz":           int64(1), "aa": int64(2), "mm": int64(3),
		"execution": map[string]any{"q": int64(1), "b": int64(2), "k": int64(3)},
		"runners":   map[string]any{"x y": []any{"a"}, "p q": []any{"b"}, "c d": []any{"c"}},
	}
	want := []string{
		`unknown key "aa", "mm", "zz" (check the spelling)`,
		`execution: unknown key "b", "k", "q" (check the spelling)`,
		`runners: invalid key "c d" (key names must match ^[A-Za-z0-9_-]+$)`,
		`runners: invalid key "p q" (key names must match ^[A-Za-z0-9_-]+$)`,
		`runners: invalid key "x y" (key names must match ^[A-Za-z0-9_-]+$)`,
	}
	for range 50 {
		problems, err := schema.Validate(schemas.Config, doc)
		require.NoError(t, err)
		got := make([]string, len(problems))
		for i, p := range problems {
			got[i] = p.String()
		}
		require.Equal(t, want, got)
	}
}
