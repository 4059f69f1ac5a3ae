package schema_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/schemas"
)

// TestValidateEdges: problems naming several keys name no single Field;
// a hint is given only for one unknown key; array indexes of more than one
// digit; TOML's non-finite floats are spelt as TOML spells them; runners of
// the wrong shape say which shapes are allowed.
func TestValidateEdges(t *testing.T) {
	contract := func(extra map[string]any) map[string]any {
		doc := map[string]any{"id": "a", "description": "d", "archetype": "PF", "status": "active", "authored_with": "0.1.0"}
		for k, v := range extra {
			doc[k] = v
		}
		return doc
	}
	entries := make([]any, 11)
	for i := range entries {
		entries[i] = map[string]any{"flags": "x"}
	}
	entries[9] = map[string]any{"flags": "x", "exclusive": "yes"}
	entries[10] = map[string]any{"flags": "x", "exclusive": "no"}
	tests := []struct {
		name   string
		schema string
		doc    map[string]any
		want   []schema.Problem
	}{
		{
			name: "two missing keys", schema: schemas.Contract, doc: map[string]any{"id": "a", "description": "d", "archetype": "PF"},
			want: []schema.Problem{{Keyword: "required", Message: `missing required key "status", "authored_with"`}},
		},
		{
			name: "two unknown keys, one close to a known one", schema: schemas.Contract, doc: contract(map[string]any{"ID": "a", "zzzzzz": "b"}),
			want: []schema.Problem{{Keyword: "additionalProperties", Message: `unknown key "ID", "zzzzzz" (check the spelling)`}},
		},
		{
			name: "indexes 9 and 10", schema: schemas.Contract, doc: contract(map[string]any{"tests": map[string]any{"unit": entries}}),
			want: []schema.Problem{
				{Path: "tests.unit[10].exclusive", Keyword: "type", Message: "got string, want boolean"},
				{Path: "tests.unit[9].exclusive", Keyword: "type", Message: "got string, want boolean"},
			},
		},
		{
			name: "non-finite numbers", schema: schemas.Config,
			doc: map[string]any{"tool_version": "1", "execution": map[string]any{"jobs": math.Inf(-1), "default_timeout_seconds": math.NaN()}},
			want: []schema.Problem{
				{Path: "execution.default_timeout_seconds", Message: "got nan, which is not a finite number"},
				{Path: "execution.jobs", Message: "got -inf, which is not a finite number"},
			},
		},
		{
			name: "runner of the wrong shape", schema: schemas.Config, doc: map[string]any{"tool_version": "1", "runners": map[string]any{"unit": "pytest"}},
			want: []schema.Problem{{Path: "runners.unit", Keyword: "oneOf", Message: `has the wrong shape: expected an argv array such as ["pytest"] or a table with command = [...]`}},
		},
		{
			// Issue 28: a table is the table form; its misspelt key is the
			// problem, not the shape.
			name: "runner table with a misspelt key", schema: schemas.Config,
			doc:  map[string]any{"tool_version": "1", "runners": map[string]any{"py": map[string]any{"adaptr": "pytest"}}},
			want: []schema.Problem{{Path: "runners.py", Keyword: "additionalProperties", Field: "adaptr", Message: `unknown key "adaptr" (did you mean "adapter"?)`}},
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
